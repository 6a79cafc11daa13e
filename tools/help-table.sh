#!/bin/sh
# tools/help-table.sh BIN: the command's help texts as one table, the option table that
# tools/manpage.sh and tools/completion.sh are written from, so that neither says other than the
# help does. On stdout, one record a line, four fields separated by tabs: PAGE KIND TAG TEXT.
#   PAGE   the help it comes from: "-" (paperbowl --help), a command ("roll"), or "solve game",
#          "solve wp", "solve check";
#   KIND   usage: a usage line (TEXT, without "usage:", its deeper-indented lines joined);
#          option: an option line, indented two spaces (TAG the option(s) and argument,
#          "--format csv|jsonl"; TEXT its description, its deeper-indented lines joined);
#          item: an entry of a list, a word or a form then two spaces (a command, an action, a
#          subcommand, a question form: TAG, and TEXT as for an option);
#          text: a line of prose; pre: an indented line that is not an entry's (an example, a
#          line of a layout: its line break matters); break: a blank line.
# A tab in a help text reads as a space.
bin=${1:-bin/paperbowl}
set -e
page() {   # page NAME ARGS...: the help of `paperbowl ARGS --help` as records of page NAME
    name=$1; shift
    "$bin" "$@" --help | tr '\t' ' ' | awk -v page="$name" '
        function flush() { if (kind != "") print page "\t" kind "\t" tag "\t" text; kind = "" }
        {
            line = $0; sub(/[ ]+$/, "", line)
            match(line, /^ */); ind = RLENGTH
            if (line == "") { flush(); print page "\tbreak\t\t"; next }
            if (line ~ /^usage: / || (kind == "usage" && line ~ /^ +paperbowl /)) {
                flush(); u = line; sub(/^(usage:)? +/, "", u); kind = "usage"; tagind = 0; tag = ""; text = u; next
            }
            if (kind != "" && ind > tagind + 1 && !(ind == 2 && line ~ /^  -/)) {   # a continuation of the entry above
                t = line; sub(/^ +/, "", t); text = text (text == "" ? "" : " ") t; next
            }
            if ((ind == 2 && line ~ /^  -/) || (ind <= 2 && line ~ /^ *[^ -][^ ]*( [^ ]+)*  +[^ ]/)) {
                flush()
                kind = line ~ /^  -/ ? "option" : "item"; tagind = ind
                t = line; sub(/^ +/, "", t)
                if (match(t, /  +/)) { tag = substr(t, 1, RSTART - 1); text = substr(t, RSTART + RLENGTH) }
                else { tag = t; text = "" }
                next
            }
            flush(); t = line; sub(/^ +/, "", t); print page "\t" (ind > 0 ? "pre" : "text") "\t\t" t
        }
        END { flush() }'
}
page - 
for c in $("$bin" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p'); do
    page "$c" "$c"
    if [ "$c" = solve ]; then
        for s in game wp check; do page "solve $s" solve "$s"; done
    fi
done
