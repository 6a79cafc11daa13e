#!/bin/sh
# tools/completion.sh BIN: the bash completion script of paperbowl (on stdout), written from the
# command's own help texts through their table (tools/help-table.sh): the commands (the top
# help's list), each command's subcommands (the words after "paperbowl CMD" in its usage lines,
# and the entries of its "actions:" list), each page's options (its option
# lines, and the options its usage lines and entries name; solve game|wp|check have their own),
# the options every command takes (the top help's "Every command
# takes --X"), and after an option that takes a value, that value's words, from the option's
# argument in its help (its option line's; else "--opt a|b" in a usage line or an entry):
#   a|b|c          those words (an upper-case alternative stands for what it names, below);
#   FILE, DIR      files, directories; NAME (--ruleset NAME|FILE) the embedded rulesets
#                  (`paperbowl rules list`); STRATEGY the embedded strategies (strategies/*.ini,
#                  as the Makefile embeds them) and files;
#   another word   the words its description starts with ("run, short, long", "grounder, lob or
#                  inside", "any of txt,md,csv,tex,html"), else nothing: a number or a list to
#                  type, with no option offered in its place.
# `make install` installs it as $(PREFIX)/share/bash-completion/completions/paperbowl;
# tests/completion.sh tests it.
bin=${1:-bin/paperbowl}
set -e
here=$(dirname "$0")
table=$(sh "$here/help-table.sh" "$bin")
rulesets=$("$bin" rules list | awk '{ print $1 }' | tr '\n' ' ' | sed 's/ $//')
strategies=$(ls "$here/../strategies" | sed -n 's/\.ini$//p' | tr '\n' ' ' | sed 's/ $//')
commands=$(printf '%s\n' "$table" | awk -F'\t' '$1 == "-" && $2 == "item" && $3 ~ /^[a-z]+$/ { printf "%s%s", n++ ? " " : "", $3 }')
globals=$(printf '%s\n' "$table" | awk -F'\t' '$1 == "-" { t = t " " $4 } END {
    while (match(t, /Every command takes --[a-z-]+/)) { o = substr(t, RSTART + 20, RLENGTH - 20); printf "%s%s", n++ ? " " : "", o; t = substr(t, RSTART + RLENGTH) } }')
cat <<'HEAD'
# bash completion for paperbowl: written by tools/completion.sh from the help texts; do not edit.
# Completes the commands, their subcommands, each command's options and the values of the
# options that take one of a few words (or a file).
_paperbowl()
{
    local cur prev cmd page subs= opts=
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
HEAD
printf '        COMPREPLY=($(compgen -W "%s --help -h --version" -- "$cur"))\n' "$commands"
cat <<'MID'
        return 0
    fi
    cmd=${COMP_WORDS[1]} page=${COMP_WORDS[1]}
    if [ "$cmd" = solve ] && [ "$COMP_CWORD" -ge 3 ]; then
        case ${COMP_WORDS[2]} in game|wp|check) page="solve ${COMP_WORDS[2]}" ;; esac
    fi
    # the value of the option before the word
    case "$page:$prev" in
MID
# one case entry per page and option that takes a value
printf '%s\n' "$table" | awk -F'\t' -v rulesets="$rulesets" -v strategies="$strategies" '
    function words(desc,   w, t) {   # the words a description starts with, or ""
        if (match(desc, /^any of [a-z0-9]+(,[a-z0-9]+)+/)) { t = substr(desc, 8, RLENGTH - 7); gsub(/,/, " ", t); return t }
        w = "[a-z0-9][a-z0-9-]*"
        if (match(desc, "^" w "((, | or |, or |[|])" w ")+(:| [(]|,|$)")) {
            t = substr(desc, 1, RLENGTH); sub(/(:| [(]|,)$/, "", t); gsub(/, or |, | or |[|]/, " ", t); return t
        }
        return ""
    }
    function entry(page, opt, arg, desc,   n, a, i, w, f, d) {
        key = page ":" opt
        if (key in seen) return
        seen[key] = 1
        w = ""; f = 0; d = 0
        n = split(arg, a, "|")
        for (i = 1; i <= n; i++) {
            if (a[i] ~ /^[a-z0-9][a-z0-9-]*$/) w = w (w == "" ? "" : " ") a[i]
            else if (a[i] ~ /^FILE/) f = 1
            else if (a[i] == "DIR") d = 1
            else if (a[i] == "NAME") w = w (w == "" ? "" : " ") rulesets
            else if (a[i] == "STRATEGY") { w = w (w == "" ? "" : " ") strategies; f = 1 }
            else if (n == 1) w = words(desc)
        }
        r = "COMPREPLY=("
        if (w != "") r = r "$(compgen -W \"" w "\" -- \"$cur\")"
        if (f) r = r (w != "" ? " " : "") "$(compgen -f -- \"$cur\")"
        if (d) r = r (w != "" ? " " : "") "$(compgen -d -- \"$cur\")"
        r = r ")"
        printf "    \"%s\") %s; return 0 ;;\n", key, r
    }
    $2 == "option" {
        n = split($3, t, " ")
        for (i = 1; i <= n; i++) {
            o = t[i]; sub(/,$/, "", o)
            if (o !~ /^--[a-z]/) continue
            arg = i < n ? t[i + 1] : ""; sub(/,$/, "", arg)
            if (arg != "" && arg !~ /^-/ && arg != "|") entry($1, o, arg, $4)
        }
    }
    $2 == "usage" || $2 == "item" {   # "[--format txt|md|csv]" in a usage line or an entry: after the option lines
        n = split($4, t, " ")
        for (i = 1; i < n; i++) {
            o = t[i]; sub(/^[[(]/, "", o); a = t[i + 1]; sub(/[]),;]+$/, "", a)
            if (o ~ /^--[a-z][a-z0-9-]*$/ && (a ~ /[|]/ || a ~ /^FILE/) && a !~ /^-/) { later[++nl] = $1 "\t" o "\t" a }
        }
    }
    END { for (i = 1; i <= nl; i++) { split(later[i], l, "\t"); entry(l[1], l[2], l[3], "") } }'
cat <<'MID2'
    esac
    case $page in
MID2
# each page's subcommands and options
for p in $commands "solve game" "solve wp" "solve check"; do
    s=$(printf '%s\n' "$table" | awk -F'\t' -v page="$p" '
        $1 == page && $2 == "usage" && index($4, "paperbowl " page " ") == 1 {
            w = substr($4, length("paperbowl " page " ") + 1); sub(/ .*/, "", w)
            if (w ~ /^[a-z][a-z|]*$/) { n = split(w, a, "|"); for (i = 1; i <= n; i++) if (!(a[i] in seen)) { seen[a[i]] = 1; l = l " " a[i] } }
        }
        $1 == page && $2 == "text" { acts = $4 == "actions:" }
        $1 == page && $2 == "break" { acts = 0 }
        $1 == page && $2 == "item" && acts && $3 ~ /^[a-z]+$/ && !($3 in seen) { seen[$3] = 1; l = l " " $3 }
        END { sub(/^ /, "", l); print l }')
    case $p in "solve "*) s= ;; esac
    o=$(printf '%s\n' "$table" | awk -F'\t' -v page="$p" -v globals="$globals" '
        $1 == page && $2 == "option" { n = split($3, t, " "); for (i = 1; i <= n; i++) { w = t[i]; sub(/,$/, "", w); if (w ~ /^--[a-z][a-z0-9-]*$/) seen[w] = 1 } }
        $1 == page && ($2 == "usage" || $2 == "item") {   # the options a usage line or an entry names
            n = split($4, t, " "); for (i = 1; i <= n; i++) { w = t[i]; sub(/^[[(]/, "", w); sub(/[]),;:]+$/, "", w); if (w ~ /^--[a-z][a-z0-9-]*$/) seen[w] = 1 } }
        END { n = split(globals, g, " "); for (i = 1; i <= n; i++) seen[g[i]] = 1; for (w in seen) print w }' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
    printf '    "%s")' "$p"
    [ -n "$s" ] && printf ' subs="%s"' "$s"
    printf ' opts="%s" ;;\n' "$o"
done
cat <<'TAIL'
    esac
    if [ -n "$subs" ] && [ "$COMP_CWORD" -eq 2 ] && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$subs" -- "$cur"))
        return 0
    fi
    if [[ $cur == -* ]] || [ -z "$cur" ]; then
        COMPREPLY=($(compgen -W "$opts --help -h" -- "$cur"))
        return 0
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _paperbowl paperbowl
TAIL
