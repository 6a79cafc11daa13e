#!/bin/sh
# tests/cli.sh BIN: the command line as a user meets it: every tests/cli/*.t case.
# A case file holds: line 1 the arguments (shell words), line 2 the expected exit status,
# then the lines that must appear in stdout+stderr (each a fixed string), one per line.
# The cases are independent: PB_CLI_JOBS (default 2, the 2-core machine) shells take every
# PB_CLI_JOBS-th case each; the failures are printed per shell, then the totals.
# PB_CLI_CASES='glob' runs only the cases whose file name matches (e.g. 'solve_game*').
bin=${1:-bin/paperbowl}
jobs=${PB_CLI_JOBS:-2}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

run_cases() {   # run_cases K: the cases K, K + jobs, K + 2 jobs, ... (from 0)
    k=$1 i=0 pass=0 fail=0
    for t in tests/cli/*.t; do
        [ -f "$t" ] || continue
        case "${t#tests/cli/}" in ${PB_CLI_CASES:-*}) ;; *) continue ;; esac
        i=$((i + 1))
        [ $(((i - 1) % jobs)) = "$k" ] || continue
        args=$(sed -n 1p "$t")
        want=$(sed -n 2p "$t")
        out=$(eval "\"$bin\" $args" 2>&1); got=$?
        ok=1
        [ "$got" = "$want" ] || { echo "FAIL $t: exit $got, want $want"; ok=0; }
        sed -n '3,$p' "$t" > "$tmp/expect.$k"
        while IFS= read -r line; do
            [ -z "$line" ] && continue
            printf '%s\n' "$out" | grep -qF -- "$line" || { echo "FAIL $t: missing: $line"; ok=0; }
        done < "$tmp/expect.$k"
        if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); printf '%s\n' "$out" | head -20; fi
    done
    echo "$pass $fail" > "$tmp/count.$k"
}

k=0
while [ $k -lt "$jobs" ]; do
    run_cases $k > "$tmp/out.$k" 2>&1 &
    k=$((k + 1))
done
wait
pass=0; fail=0; k=0
while [ $k -lt "$jobs" ]; do
    cat "$tmp/out.$k"
    if [ -f "$tmp/count.$k" ]; then
        read -r p f < "$tmp/count.$k"
    else
        p=0 f=1; echo "FAIL cli: shell $k did not finish"
    fi
    pass=$((pass + p)); fail=$((fail + f)); k=$((k + 1))
done
echo "cli: $pass passed, $fail failed"
[ $fail = 0 ]
