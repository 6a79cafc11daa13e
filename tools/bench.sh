#!/bin/sh
# tools/bench.sh BIN: the benchmarks (figures, not timed tests). Each tools/bench.d/*.sh runs in
# turn (BENCH_DIR: another folder of them, for tests/bench.sh). A benchmark that fails (exit
# status not 0: a command it times failed, a tool it needs is missing) is named at the end and
# the whole run exits 1, so `make bench` fails loudly; each one removes its own temporary files.
bin=${1:-bin/paperbowl}
dir=${BENCH_DIR:-tools/bench.d}
failed=""
for b in "$dir"/*.sh; do
    [ -f "$b" ] || continue
    sh "$b" "$bin" || { echo "bench: FAILED: $b (exit status $?)" >&2; failed="$failed $(basename "$b")"; }
done
if [ -n "$failed" ]; then
    echo "bench: error: failed:$failed" >&2
    exit 1
fi
