#!/bin/sh
# tests/cli.sh BIN: the command line as a user meets it: every tests/cli/*.t case.
# A case file holds: line 1 the arguments (shell words), line 2 the expected exit status,
# then the lines that must appear in stdout+stderr (each a fixed string), one per line.
bin=${1:-bin/paperbowl}
pass=0; fail=0
for t in tests/cli/*.t; do
    [ -f "$t" ] || continue
    args=$(sed -n 1p "$t")
    want=$(sed -n 2p "$t")
    out=$(eval "\"$bin\" $args" 2>&1); got=$?
    ok=1
    [ "$got" = "$want" ] || { echo "FAIL $t: exit $got, want $want"; ok=0; }
    sed -n '3,$p' "$t" > /tmp/pb_cli_expect.$$
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        printf '%s\n' "$out" | grep -qF -- "$line" || { echo "FAIL $t: missing: $line"; ok=0; }
    done < /tmp/pb_cli_expect.$$
    rm -f /tmp/pb_cli_expect.$$
    if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); printf '%s\n' "$out" | head -20; fi
done
echo "cli: $pass passed, $fail failed"
[ $fail = 0 ]
