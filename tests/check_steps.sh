#!/bin/sh
# tests/check_steps.sh: tests/check.sh says each step's start as it starts and its end as it
# ends, not all at the end: run on a stand-in test binary with two suites, a slow one (10 s,
# listed first, so started first) and a quick one, two at a time; while the slow one runs, the
# output already shows both started and the quick one done with its output; at the end the slow
# one is done too, and a failing suite is reported as failed (exit 1).
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL check_steps: $*"; fail=1; }
cat > "$tmp/test-bin" <<'END'
#!/bin/sh
case $1 in
    --list) echo "slow quick" ;;
    slow) sleep 10; echo "slow suite ran" ;;
    quick) echo "quick suite ran" ;;
esac
END
chmod +x "$tmp/test-bin"
PB_CHECK_ONLY='suite:*' PB_CHECK_JOBS=2 bash tests/check.sh bin/paperbowl "$tmp/test-bin" > "$tmp/out" 2>&1 &
pid=$!
n=0   # up to 8 s for the quick step's end (a loaded machine is slow to start)
while [ $n -lt 80 ] && ! grep -q 'quick suite ran' "$tmp/out"; do sleep 0.1; n=$((n + 1)); done
early=$(cat "$tmp/out")
wait $pid; rc=$?
has() { printf '%s\n' "$1" | grep -q -- "$2"; }
has "$early" '^== suite:slow: started' || bad "while the slow step runs, the slow step's start is not said: $early"
has "$early" '^== suite:quick: started' || bad "while the slow step runs, the quick step's start is not said: $early"
has "$early" '^== suite:quick: done' && has "$early" 'quick suite ran' ||
    bad "while the slow step runs, the quick step's end and output are not shown (held back behind the slow one): $early"
has "$early" 'slow suite ran' && bad "while the slow step runs, the slow step shows as done: $early"
late=$(cat "$tmp/out")
[ $rc = 0 ] || bad "check.sh exits $rc: $late"
has "$late" '^== suite:slow: done, [0-9]* s' && has "$late" 'slow suite ran' || bad "the slow step's end is not said: $late"
sed -i 's/^    quick) echo "quick suite ran" ;;/    quick) echo "quick suite failed"; exit 3 ;;/' "$tmp/test-bin"
PB_CHECK_ONLY='suite:*' bash tests/check.sh bin/paperbowl "$tmp/test-bin" > "$tmp/out" 2>&1 && bad "a failing step: check.sh exits 0"
grep -q '^== suite:quick: FAILED (exit 3)' "$tmp/out" && grep -q '2 steps, 1 failed' "$tmp/out" ||
    bad "a failing step is not reported as failed: $(cat "$tmp/out")"
[ $fail = 0 ] && echo "check_steps: each step's start and end said as they happen"
exit $fail
