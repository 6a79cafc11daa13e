#!/bin/sh
# tests/stdout.sh BIN: a write to the standard output that fails is never lost: every command with
# its stdout on /dev/full (every write: "No space left on device") exits 2 with one message naming
# the error, and the same command line with its stdout on /dev/null exits 0 (so that the 2 is the
# full device's, not a bad option's). The check is cli/cli_stdout.c's, for every command at once.
bin=${1:?usage: tests/stdout.sh BIN}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -c /dev/full ] || { echo "stdout: no /dev/full here: nothing tested"; exit 1; }
pass=0 fail=0
msg="cannot write the standard output: No space left on device"
"$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 1 --headline --threads 2 --output "$tmp" > /dev/null ||
    { echo "stdout: FAIL: the small value file"; exit 1; }
values=$tmp/game-game-tiny.pbv
while IFS= read -r args; do
    [ -z "$args" ] && continue
    eval "\"\$bin\" $args" > /dev/null 2> "$tmp/err.null"
    a=$?
    eval "\"\$bin\" $args" > /dev/full 2> "$tmp/err.full"
    b=$?
    n=$(grep -cF -- "$msg" "$tmp/err.full")
    if [ "$a" = 0 ] && [ "$b" = 2 ] && [ "$n" = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "stdout: FAIL: $args: exit $a to /dev/null, $b to /dev/full (want 0, 2), the message $n times (want 1):"
        head -5 "$tmp/err.null" "$tmp/err.full"
    fi
done <<'CASES'
--help
--version
rules show
rules switches
dist --offense run --defense 1 --togo 50
dist --offense run --defense 1 --togo 50 --json
roll --offense run --defense 1 --togo 50 --dice 3-4,2-5
ask 'P(success) kick=pat'
ask --json 'P(success) kick=pat'
sim --games 20 --seed 1 --threads 2
solve wp --ruleset tests/data/game_tiny.ini --values "$values" --half 2 --left 1 --lead 0 --togo 30
solve ep --format csv
verify invariants --ruleset tests/data/game_tiny.ini --threads 2
soccer dist --kick lob --line ...T
soccer table
carriers table
carriers intercept --pass 0,6 --at 0,3/0,5
cardgame table
cardgame sim --games 200 --seed 3
cardgame findings
CASES
echo "stdout: $pass passed, $fail failed"
[ "$fail" = 0 ]
