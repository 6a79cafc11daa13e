#!/bin/sh
# tests/bench.sh: `make bench` fails loudly and leaves nothing behind (issue 23): every
# tools/bench.d/*.sh, given a program that always fails, exits non-zero and leaves its temporary
# folder empty (TMPDIR), and so when interrupted (Ctrl-C); tools/bench.sh exits 1 naming a
# failed benchmark while running the others. Quick: no benchmark runs for real.
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL bench: $*"; fail=1; }
# the benchmarks' own tools (make check installs them, as make bench does): without them each
# benchmark stops at once, and the interrupted runs below would find nothing to interrupt
for t in /usr/bin/time python3 perl; do
    command -v "$t" > /dev/null || bad "$t is missing (Debian: time, python3, perl; make check installs them)"
done
[ $fail = 0 ] || exit 1
printf '#!/bin/sh\necho "broken $*" >&2\nexit 2\n' > "$tmp/broken"
chmod +x "$tmp/broken"
mkdir "$tmp/t"
for b in tools/bench.d/*.sh; do
    TMPDIR=$tmp/t BENCH_GAME_QUICK=1 sh "$b" "$tmp/broken" > "$tmp/out" 2>&1 && bad "$b exits 0 when the program fails"
    grep -q 'error' "$tmp/out" || bad "$b says no error when the program fails: $(head -3 "$tmp/out")"
    left=$(ls -A "$tmp/t")
    [ -z "$left" ] || { bad "$b leaves $left in TMPDIR"; rm -rf "$tmp/t"/* "$tmp/t"/.[!.]*; }
done
# Ctrl-C while the program runs: each benchmark stops and removes its temporary folder. The
# benchmark runs in its own process group with SIGINT at its default (perl resets it: a background
# job of this shell starts with it ignored), and the group gets SIGINT, as from a terminal.
printf '#!/bin/sh\nsleep 10\n' > "$tmp/sleeper"
chmod +x "$tmp/sleeper"
for b in tools/bench.d/*.sh; do
    TMPDIR=$tmp/t BENCH_GAME_QUICK=1 perl -e 'setpgrp(0, 0); $SIG{INT} = "DEFAULT"; exec @ARGV' sh "$b" "$tmp/sleeper" \
        > "$tmp/out" 2>&1 &
    pid=$!
    sleep 1
    kill -s INT -- "-$pid" 2> /dev/null || bad "$b: no process group $pid to interrupt"
    wait "$pid" && bad "$b exits 0 when interrupted"
    left=$(ls -A "$tmp/t")
    [ -z "$left" ] || { bad "$b leaves $left in TMPDIR when interrupted"; rm -rf "$tmp/t"/* "$tmp/t"/.[!.]*; }
done
# python3 never writes bytecode beside the sources (tools/coach_mixes.py, imported by the solve
# bench, left tools/__pycache__): every python3 a benchmark runs has -B
calls=$(grep -n 'python3 ' tools/bench.d/*.sh tools/bench.sh | grep -v 'command -v python3\|python3 is needed\|python3 -B ')
[ -z "$calls" ] || bad "python3 without -B (it writes __pycache__ beside what it imports): $calls"
mkdir "$tmp/d"
printf 'echo one ran\n' > "$tmp/d/1.sh"
printf 'echo two ran; exit 3\n' > "$tmp/d/2.sh"
printf 'echo three ran\n' > "$tmp/d/3.sh"
BENCH_DIR=$tmp/d sh tools/bench.sh "$tmp/broken" > "$tmp/out" 2>&1; rc=$?
[ $rc = 1 ] || bad "tools/bench.sh exits $rc when a benchmark fails, want 1"
grep -q 'failed: 2.sh' "$tmp/out" || bad "tools/bench.sh does not name the failed benchmark: $(cat "$tmp/out")"
grep -q 'three ran' "$tmp/out" || bad "tools/bench.sh stops at the failed benchmark"
BENCH_DIR=$tmp/d sh -c 'rm "$BENCH_DIR/2.sh"; sh tools/bench.sh x' > "$tmp/out" 2>&1 || bad "tools/bench.sh fails with no failing benchmark"
[ $fail = 0 ] && echo "bench: the failure paths of $(ls tools/bench.d/*.sh | wc -l) benchmarks and tools/bench.sh pass"
exit $fail
