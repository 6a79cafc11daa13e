#!/bin/sh
# tests/cli.sh BIN: the command line as a user meets it: every tests/cli/*.t case.
# A case file holds: line 1 the arguments (shell words), line 2 the expected exit status,
# then the lines that must appear in stdout+stderr (each a fixed string), one per line.
# The cases are independent: PB_CLI_JOBS (default 2, the 2-core machine) shells take every
# PB_CLI_JOBS-th case each; the failures are printed per shell, then the totals.
# PB_CLI_CASES='glob' runs only the cases whose file name matches (e.g. 'solve_game*').
# PB_CLI_PART=K/N runs the cases K, K + N, ... of those (from 0): tests/check.sh runs the parts
# side by side with its other steps. SAN=1 (make asan): the cases that solve a game or a drive,
# or run a verify report or the grid, and succeed are left out and counted (5 to 50 s each in the
# plain build, minutes sanitized; the sanitized suites run the same library code); their failing
# cases (status 2: a bad option, a refused file) and --help still run, but for
# solve_check_full_last.t (a solve first: 2 minutes sanitized).
# Each case runs in a folder of its own, its working directory, which holds links to the top of
# the source tree's entries but out/: relative paths (tests/data/...) work, what the case writes
# stays in its folder (gone after it), and it never sees what another target left in out/ (a
# `make tables` value file that `solve wp` or `ask` would answer from).
root=$(pwd)
bin=${1:-bin/paperbowl}
case $bin in /*) ;; *) bin=$root/$bin ;; esac
jobs=${PB_CLI_JOBS:-2}
part=${PB_CLI_PART:-0/1}
part_k=${part%/*} part_n=${part#*/}
# (under SAN=1: the cases that solve games or drives (verify deck's 4th-down calls solve the drive
# game), or run the verify reports or the grid)
heavy="^(solve |verify (findings|crosscheck|invariants|switches)|grid |ask .*(next_score|best |--weight))|--game( |;|\$)|--solve|--values|--fourth-drives [1-9]"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

run_cases() {   # run_cases K: the cases K, K + jobs, K + 2 jobs, ... (from 0)
    k=$1 i=0 pass=0 fail=0 skipped=0
    for t in tests/cli/*.t; do
        [ -f "$t" ] || continue
        case "${t#tests/cli/}" in ${PB_CLI_CASES:-*}) ;; *) continue ;; esac
        i=$((i + 1))
        [ $(((i - 1) % part_n)) = "$part_k" ] || continue
        [ $((((i - 1) / part_n) % jobs)) = "$k" ] || continue
        args=$(sed -n 1p "$t")
        want=$(sed -n 2p "$t")
        if [ "${SAN:-}" = 1 ] && case "$want:$args:${t#tests/cli/}" in *--help*) false ;; *:solve_check_full_last.t) true ;;
            2:*) false ;; esac &&
            printf '%s\n' "$args" | grep -qE "$heavy"; then
            skipped=$((skipped + 1))
            continue
        fi
        d=$tmp/case.$k
        rm -rf "$d" && mkdir "$d" && (set --; for e in "$root"/*; do [ "${e##*/}" = out ] || set -- "$@" "$e"; done
            ln -s "$@" "$d") || { echo "FAIL $t: cannot make its folder $d"; fail=$((fail+1)); continue; }
        out=$(cd "$d" && eval "\"$bin\" $args" 2>&1); got=$?
        rm -rf "$d"
        ok=1
        [ "$got" = "$want" ] || { echo "FAIL $t: exit $got, want $want"; ok=0; }
        sed -n '3,$p' "$t" > "$tmp/expect.$k"
        while IFS= read -r line; do
            [ -z "$line" ] && continue
            printf '%s\n' "$out" | grep -qF -- "$line" || { echo "FAIL $t: missing: $line"; ok=0; }
        done < "$tmp/expect.$k"
        if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); printf '%s\n' "$out" | head -20; fi
    done
    echo "$pass $fail $skipped" > "$tmp/count.$k"
}

k=0
while [ $k -lt "$jobs" ]; do
    run_cases $k > "$tmp/out.$k" 2>&1 &
    k=$((k + 1))
done
wait
pass=0; fail=0; skip=0; k=0
while [ $k -lt "$jobs" ]; do
    cat "$tmp/out.$k"
    if [ -f "$tmp/count.$k" ]; then
        read -r p f s < "$tmp/count.$k"
    else
        p=0 f=1 s=0; echo "FAIL cli: shell $k did not finish"
    fi
    pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s)); k=$((k + 1))
done
note=
[ $skip -gt 0 ] && note=" ($skip solves and reports left out of the sanitized build)"
[ "$part" != 0/1 ] && note="$note, part $part"
echo "cli: $pass passed, $fail failed$note"
[ $fail = 0 ]
