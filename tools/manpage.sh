#!/bin/sh
# tools/manpage.sh BIN VERSION: the man page paperbowl.1 (roff, on stdout), written from the
# command's own help texts: `paperbowl --help` for the synopsis and the command list, then each
# command's `--help` (and each solve game|wp|check's) verbatim as a section, so the page never
# says other than the help does. `make install` installs it as $(PREFIX)/share/man/man1/paperbowl.1.
bin=${1:-bin/paperbowl}
version=${2:-unknown}
set -e
# roff-safe text: backslashes doubled, a leading . or ' kept literal
esc() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }
# the help verbatim, in a no-fill block
block() { echo '.nf'; esc; echo '.fi'; }
commands=$("$bin" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
cat <<HEAD
.\\" paperbowl.1: written by tools/manpage.sh from the help texts of paperbowl $version; do not edit.
.TH PAPERBOWL 1 "" "paperbowl $version" "User Commands"
.SH NAME
paperbowl \\- the dice-and-card football game PAPER BOWL, solved exactly
.SH SYNOPSIS
.B paperbowl
.I COMMAND
[\\fIOPTIONS\\fR]
.br
.B paperbowl
\\-\\-help | \\-h | \\-\\-version
.SH DESCRIPTION
HEAD
"$bin" --help | block
echo '.PP'
printf '%s\n' 'Every command takes \fB\-\-help\fR (or \fB\-h\fR). Bad input prints one message naming the option and exits 2.'
echo '.SH COMMANDS'
for c in $commands; do
    echo ".SS paperbowl $c"
    "$bin" "$c" --help | block
    if [ "$c" = solve ]; then
        for s in game wp check; do
            echo ".SS paperbowl solve $s"
            "$bin" solve "$s" --help | block
        done
    fi
done
cat <<TAIL
.SH "EXIT STATUS"
0 success; 1 a check failed or a diff found changes; 2 bad input (an option, a ruleset, a query).
.SH FILES
The embedded rulesets v1.11-ja (the default) and v1.11-en; \\fB\\-\\-ruleset FILE\\fR reads a ruleset file
(\\fBpaperbowl rules show\\fR prints one to start from).
.SH "SEE ALSO"
The README and doc/ of the paperbowl source.
TAIL
