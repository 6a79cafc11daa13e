#!/bin/sh
# tools/bench.sh BIN: the benchmarks (figures, not timed tests). Each tools/bench.d/*.sh runs in turn.
bin=${1:-bin/paperbowl}
for b in tools/bench.d/*.sh; do
    [ -f "$b" ] && sh "$b" "$bin"
done
