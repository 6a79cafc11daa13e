#!/bin/sh
# tools/completion.sh BIN: the bash completion script of paperbowl (on stdout), written from the
# command's own help texts: the commands from `paperbowl --help`, each command's subcommands
# from its usage lines ("paperbowl solve ep|state|...", "paperbowl verify crosscheck ...") or its
# "actions:" list (soccer, carriers, cardgame), and
# each command's (and solve game|wp|check's) options from its --help. `make install` installs it
# as $(PREFIX)/share/bash-completion/completions/paperbowl.
bin=${1:-bin/paperbowl}
set -e
# the --options a help text lists (its lines that start with an option, up to the description,
# which starts after two spaces), one line, sorted
opts() {
    sed -n 's/^ *\(--[a-z].*\)$/\1/p' | sed 's/  .*//' | grep -o -- '--[a-z][a-z0-9-]*' | LC_ALL=C sort -u |
        tr '\n' ' ' | sed 's/ $//'
}
# the subcommands of command $1: the words after "paperbowl $1 " in its usage lines
subs() {
    { "$bin" "$1" --help | sed -n "s/^\(usage:\)\{0,1\} *paperbowl $1 \([a-z][a-z|]*\).*/\2/p";
      "$bin" "$1" --help | sed -n '/^actions:$/,/^$/s/^  \([a-z][a-z]*\)  .*/\1/p'; } | tr '|' '\n' |
        awk '!seen[$0]++' | tr '\n' ' ' | sed 's/ $//'
}
commands=$("$bin" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' | tr '\n' ' ' | sed 's/ $//')
cat <<'HEAD'
# bash completion for paperbowl: written by tools/completion.sh from the help texts; do not edit.
# Completes the commands, the subcommands of solve, verify and rules, each command's options,
# and the values of the options that take one of a few words.
_paperbowl()
{
    local cur prev cmd sub i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=${COMP_WORDS[1]}
    sub=
    [ "$COMP_CWORD" -ge 3 ] && sub=${COMP_WORDS[2]}
    if [ "$COMP_CWORD" -eq 1 ]; then
HEAD
printf '        COMPREPLY=($(compgen -W "%s --help -h --version" -- "$cur"))\n' "$commands"
cat <<'MID'
        return 0
    fi
    case $prev in
    --ruleset|--sim-ruleset)
        COMPREPLY=($(compgen -W "v1.11-ja v1.11-en" -- "$cur") $(compgen -f -- "$cur"))
        return 0 ;;
    --offense) COMPREPLY=($(compgen -W "run short long" -- "$cur")); return 0 ;;
    --defense) COMPREPLY=($(compgen -W "1 2 3 4 5" -- "$cur")); return 0 ;;
    --format) COMPREPLY=($(compgen -W "txt csv json" -- "$cur")); return 0 ;;
    --receives) COMPREPLY=($(compgen -W "yes no" -- "$cur")); return 0 ;;
    --in-play) COMPREPLY=($(compgen -W "policy value" -- "$cur")); return 0 ;;
    --test) COMPREPLY=($(compgen -W "chi2 g" -- "$cur")); return 0 ;;
    --deviate) COMPREPLY=($(compgen -W "never-onside always-pat always-punt" -- "$cur")); return 0 ;;
    --output|--out|--values|--strategy-out|--log|--home|--away|--weight|--strategy)
        COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    esac
    local subs= opts=
    case $cmd in
MID
for c in $commands; do
    s=$(subs "$c")
    o=$("$bin" "$c" --help | opts)
    printf '    %s)\n' "$c"
    [ -n "$s" ] && printf '        subs="%s"\n' "$s"
    if [ "$c" = solve ]; then
        printf '        case $sub in\n'
        for g in game wp check; do
            printf '        %s) opts="%s" ;;\n' "$g" "$("$bin" solve "$g" --help | opts)"
        done
        printf '        *) opts="%s" ;;\n' "$o"
        printf '        esac ;;\n'
    else
        printf '        opts="%s" ;;\n' "$o"
    fi
done
cat <<'TAIL'
    esac
    if [ -n "$subs" ] && [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "$subs --help -h" -- "$cur"))
        return 0
    fi
    if [[ $cur == -* ]] || [ -z "$subs" ] || [ -z "$cur" ]; then
        COMPREPLY=($(compgen -W "$opts --help -h" -- "$cur"))
        return 0
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _paperbowl paperbowl
TAIL
