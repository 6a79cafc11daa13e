#!/bin/sh
# tools/bench.d/sim.sh BIN: the whole-game simulator's speed (at least 200,000 games
# a second using both cores). Prints games per second on 1 and 2 threads, with the exact
# evaluator behind the "best" policies (the default) and without it, for the real deck (the
# default of whole games) and the uniform card (--deck uniform, the solver's model). About 25 s.
bin=${1:-bin/paperbowl}
run() {  # threads games evaluator deck
    start=$(date +%s.%N)
    "$bin" sim --games "$2" --seed 1 --threads "$1" --evaluator "$3" --deck "$4" > /dev/null || { echo "sim: error: sim --games $2 --threads $1 --evaluator $3 --deck $4 failed" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v g="$2" -v s="$start" -v e="$end" -v t="$1" -v ev="$3" -v d="$4" \
        'BEGIN { th = sprintf("%d thread%s,", t, (t > 1 ? "s" : "")); printf "sim: %7d games, %-11s evaluator %-5s deck %-7s %6.2f s  %7.0f games/s\n", g, th, ev, d, e - s, g / (e - s) }'
}
run 1 300000 exact real
run 2 1000000 exact real
run 1 300000 none real
run 2 1000000 none real
run 1 300000 exact uniform
run 2 1000000 exact uniform
