#!/bin/sh
# tests/layering.sh: the rooms' layering, read from the #include lines (so it cannot rot).
#   core/                      includes only core/
#   enumerate/, sim/           include core/ and themselves (never each other)
#   solve/                     includes core/, enumerate/, sim/
#   ask/, tables/, verify/     include the drivers (enumerate/, sim/, solve/) and core/, never cli/
#                              nor each other
#   tune/                      varies a ruleset and asks ask/ and solve/ for the target: ask/ and
#                              what ask/ may include; never tables/, verify/ nor cli/
#   cli/, paperbowl.c          anything; nobody else includes cli/
#   serve/                     the workbench's server, on cli/'s floor: every library room, never
#                              cli/; only cli/ and paperbowl.c include serve/
#   mpi/                       anything (the MPI build's main); nobody else includes mpi/
#   soccer/ carriers/ cardgame/ itself and only the shared pieces: core/exact.h, core/ini_source.h,
#   (the other games)          core/game_switch.h, core/num_parse.h, core/splitmix.h, core/msg.h, tables/table.h, tables/table_diff.h, tables/svg.h, tables/game_page.h; never PAPER BOWL's rules, nor another game's room
# Includes are by bare file name (the Makefile passes -I for every room), so every header name
# must be unique across the rooms; that is checked first.
# `sh tests/layering.sh --self-test` proves the check has teeth: on a copy of the tree with
# core/ including sim/ and enumerate/ including sim/, it must fail and name both.
if [ "${1:-}" = --self-test ]; then
    top=$(cd "$(dirname "$0")/.." && pwd)
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    (cd "$top" && tar cf - paperbowl.c core enumerate sim solve ask tables verify tune soccer carriers cardgame cli serve mpi tests/layering.sh) | (cd "$tmp" && tar xf -)
    echo '#include "game.h"' >> "$tmp/core/play.c"
    echo '#include "strategy.h"' >> "$tmp/enumerate/chain.c"
    echo '#include "ruleset.h"' >> "$tmp/soccer/soccer_kick.c"
    out=$(sh "$tmp/tests/layering.sh")
    case $out in
    *"soccer/soccer_kick.c (soccer/) includes core/ruleset.h"*) ;;
    *) echo "layering self-test: FAILED, a game including PAPER BOWL's rules was not caught: $out"; exit 1 ;;
    esac
    case $out in
    *"core/play.c (core/) includes sim/game.h"*"enumerate/chain.c (enumerate/) includes sim/strategy.h"* | \
    *"enumerate/chain.c (enumerate/) includes sim/strategy.h"*"core/play.c (core/) includes sim/game.h"*)
        echo "layering self-test: both planted violations caught" ;;
    *) echo "layering self-test: FAILED, the check said: $out"; exit 1 ;;
    esac
    exit 0
fi
cd "$(dirname "$0")/.." || exit 2
rooms="core enumerate sim solve ask tables verify tune soccer carriers cardgame cli serve mpi"
# the pieces every game may share (the rest of core/ and tables/ is PAPER BOWL's)
shared="exact.h ini_source.h game_switch.h num_parse.h splitmix.h msg.h table.h table_diff.h svg.h game_page.h"
allowed() {
    case $1 in
    core) echo "core" ;;
    enumerate) echo "core enumerate" ;;
    sim) echo "core sim" ;;
    solve) echo "core enumerate sim solve" ;;
    ask | tables | verify) echo "core enumerate sim solve $1" ;;
    tune) echo "core enumerate sim solve ask tune" ;;
    soccer | carriers | cardgame) echo "$1" ;;
    cli | .) echo "core enumerate sim solve ask tables verify tune soccer carriers cardgame cli serve" ;;
    serve) echo "core enumerate sim solve ask tables verify tune soccer carriers cardgame serve" ;;
    mpi) echo "$rooms" ;;
    esac
}
fail=0
checked=0
dups=$(for r in $rooms; do ls $r/*.h 2>/dev/null; done | xargs -n1 basename | sort | uniq -d)
if [ -n "$dups" ]; then
    echo "layering: header names used in two rooms: $dups"
    fail=1
fi
room_of() {
    for r in $rooms; do
        [ -f "$r/$1" ] && { echo "$r"; return; }
    done
}
for room in $rooms .; do
    ok=$(allowed "$room")
    if [ "$room" = . ]; then files=paperbowl.c; else files=$(ls $room/*.c $room/*.h 2>/dev/null); fi
    for f in $files; do
        for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
            checked=$((checked + 1))
            hr=$(room_of "$h")
            if [ -z "$hr" ]; then
                echo "layering: $f includes \"$h\", which is in no room"
                fail=1
                continue
            fi
            if [ "$room" = soccer ] || [ "$room" = carriers ] || [ "$room" = cardgame ]; then
                case " $shared " in *" $h "*) continue ;; esac
            fi
            case " $ok " in
            *" $hr "*) ;;
            *) echo "layering: $f ($room/) includes $hr/$h"; fail=1 ;;
            esac
        done
    done
done
if [ "$checked" -lt 100 ]; then
    echo "layering: only $checked includes read: is the tree there?"
    fail=1
fi
[ $fail = 0 ] && echo "layering: $checked project includes checked, every room within its layer"
exit $fail
