#!/bin/sh
# tests/suites.sh TEST_BIN: every Check suite, in 2 processes side by side (the 2-core machine;
# PB_TEST_JOBS to change), each with every other suite (test-paperbowl --part K/N). Their
# outputs are printed one after the other; fails when either part fails.
bin=${1:?usage: tests/suites.sh TEST_BIN}
jobs=${PB_TEST_JOBS:-2}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
k=0
while [ $k -lt "$jobs" ]; do
    ( "$bin" --part "$k/$jobs" > "$tmp/out.$k" 2>&1; echo $? > "$tmp/rc.$k" ) &
    k=$((k + 1))
done
wait
status=0; k=0
while [ $k -lt "$jobs" ]; do
    cat "$tmp/out.$k"
    rc=$(cat "$tmp/rc.$k" 2>/dev/null || echo 1)
    [ "$rc" = 0 ] || { echo "suites: part $k of $jobs failed (exit $rc)"; status=1; }
    k=$((k + 1))
done
exit $status
