#!/bin/sh
# tools/reference.sh BIN: doc/reference.md (Markdown, on stdout), the reference of every command,
# written from the command's own help texts as tools/manpage.sh writes the man page: the command
# list of `paperbowl --help`, then each command's `--help` (and each `solve game|wp|check`'s)
# verbatim, one section each. `make reference` writes doc/reference.md; tests/docs.sh fails when
# the committed page is not what this script prints now, so --help, the man page and the
# reference cannot drift apart.
bin=${1:-bin/paperbowl}
set -e
"$bin" --help > /dev/null
commands=$("$bin" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
# the help verbatim, in a fenced block (a help line that opens a fence would end it early)
block() {
    out=$("$@")
    case "$out" in *'```'*) echo "reference: '$*' prints a Markdown fence" >&2; exit 1 ;; esac
    printf '```text\n%s\n```\n' "$out"
}
cat <<'HEAD'
# Command reference

<!-- Written by tools/reference.sh from the help texts (`make reference`); do not edit. -->

Every command of `paperbowl`, each with its options, inputs and outputs, exactly as its
`--help` prints them. The man page (`man paperbowl`, from `tools/manpage.sh`) is written from the
same texts. What every command shares (numbers read strictly, one message and status 2 on bad
input, the progress line, how files are written and read) is in [conventions.md](conventions.md);
the ruleset file format is in [ruleset-format.md](ruleset-format.md).

Exit status, every command: 0 success; 1 a check failed or a comparison found changes; 2 bad
input (an option, a ruleset, a query, a file), with one message naming it.

HEAD
printf 'Commands:'
sep=' '
for c in $commands; do
    printf '%s[%s](#paperbowl-%s)' "$sep" "$c" "$c"
    sep=' · '
done
printf '.\n\n## paperbowl\n\n'
block "$bin" --help
for c in $commands; do
    printf '\n## paperbowl %s\n\n' "$c"
    block "$bin" "$c" --help
    if [ "$c" = solve ]; then
        for s in game wp check; do
            printf '\n### paperbowl solve %s\n\n' "$s"
            block "$bin" solve "$s" --help
        done
    fi
done
