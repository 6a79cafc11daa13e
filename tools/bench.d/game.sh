#!/bin/sh
# tools/bench.d/game.sh BIN: the game solver's figures (issue 22: `solve game` on the default game
# must take <= 2 minutes wall and <= 2 GiB on the 2-core machine, goal 30 s; doc/solve.md "Figures").
# game_small at lead cap 20 on 1 and 2 threads, then the default game (v1.11-ja at lead cap 30, 2
# threads: 3 min 27 s idle; at the default cap 56, 5 to 6 1/2 minutes) unless BENCH_GAME_QUICK=1: states, layers, the tables' and the layers' seconds
# (`--timings`), wall and CPU seconds and peak memory (/usr/bin/time); then `solve wp` on the value
# file just written (issue 22: <= 0.2 s a moment): a kept 1st down asked for its alternatives, and a
# 4th down, both recomputed from the headline, each the least of 3 runs (a test game's small file
# keeps no play cells, so there the plays of each togo reached are enumerated; the default game's
# file keeps them: its figures are the issue's). The machine may be shared:
# the load average is printed with the figures. First the machine's own rate of the entry sums'
# arithmetic (tools/peak.c, which make bench builds as $PB_PEAK; built here when run by hand): for
# a v1.11 run, its states times the 1,320 multiply-adds a state that doc/solve.md ("What bounds
# it") counts, over that rate, is the run's floor, and the wall time over it the ratio to the
# physical limit (issue 22), the CPU time over the floor's on the run's threads beside it; where
# the machine has FMA, peak's fused rate too, and the floor at that rate, which is the floor of a
# solve that took the fused arithmetic (`--timings` names it): the ratios are to that one.
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "game bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-game-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
status=0
echo "game: load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on $(nproc 2>/dev/null || echo '?') processors"
"$bin" --version > /dev/null 2>&1 || { echo "game: error: $bin --version failed" >&2; exit 1; }
peak=${PB_PEAK:-}
if [ -z "$peak" ]; then
    ${CC:-cc} -O2 -std=c11 -pthread tools/peak.c -o "$tmp/peak" || { echo "game: error: cannot build tools/peak.c" >&2; exit 1; }
    peak=$tmp/peak
fi
rate_line=$("$peak" 2 2) || { echo "game: error: $peak failed" >&2; exit 1; }
echo "$rate_line" | sed 's/^/game: /'
rate=$(echo "$rate_line" | sed -n 's/.*table: \([0-9.e+]*\) multiply-adds.*/\1/p')
frate=$(echo "$rate_line" | sed -n 's/.*the same loop: \([0-9.e+]*\) fused multiply-adds.*/\1/p')
runs="tests/data/game_small.ini:20:1 tests/data/game_small.ini:20:2"
[ "${BENCH_GAME_QUICK:-0}" = 1 ] || runs="$runs v1.11-ja:30:2"
for run in $runs; do
    rs=${run%%:*} rest=${run#*:}; cap=${rest%%:*} th=${rest#*:}
    "$t" -f "%e %U %S %M" -o "$tmp/time" "$bin" solve game --ruleset "$rs" --lead-cap "$cap" --threads "$th" --headline \
        --timings --output "$tmp/out" > /dev/null 2> "$tmp/err" || {
        echo "game: error: solve game --ruleset $rs failed:" >&2; cat "$tmp/err" >&2; status=1; continue; }
    read -r wall user sys rss < "$tmp/time"
    echo "solve game --ruleset $rs --lead-cap $cap --threads $th: $wall s wall, $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') s CPU, peak RSS $((rss / 1024)) MiB"
    sed -n 's/^paperbowl solve: /  /p' "$tmp/err"
    states=$(sed -n 's/^paperbowl solve: [0-9]* layers, \([0-9]*\) states.*/\1/p' "$tmp/err")
    fused=0   # the solve's arithmetic, as --timings names it
    grep -q "^paperbowl solve: the entries' sums with a fused multiply-add" "$tmp/err" && fused=1
    case $rs in
    v1.11-*) [ -n "$rate" ] && [ -n "$states" ] && awk -v n="$states" -v r="$rate" -v w="$wall" -v u="$user" -v s="$sys" \
        -v fr="${frate:-0}" -v th="$th" -v fused="$fused" 'BEGIN { cpu = u + s
        f = n * 1320 / r; printf "  floor of its entry sums here, unfused: %.0f s (%.4g states x 1,320 multiply-adds at %.3g a second)\n", f, n, r
        if (fr > 0) { g = n * 1320 / fr; printf "  fused: %.0f s (at %.3g fused multiply-adds a second)\n", g, fr }
        if (fused && fr > 0) { b = g; k = "fused" } else { b = f; k = "unfused" }
        printf "  this solve (%s): wall / floor %.2f, CPU / (floor x %d threads) %.2f\n", k, w / b, th, cpu / (b * th) }' ;;
    esac
    file=$(ls "$tmp/out"/*.pbv 2>/dev/null | head -1)
    for moment in "--togo 35" "--togo 35 --down 4 --ytg 3"; do
        best=""
        for k in 1 2 3; do
            # shellcheck disable=SC2086
            "$t" -f "%e" -o "$tmp/time" "$bin" solve wp --ruleset "$rs" --values "$file" --half 2 --left 2 --lead -3 \
                $moment > /dev/null 2> "$tmp/err" || {
                echo "game: error: solve wp $moment failed:" >&2; cat "$tmp/err" >&2; status=1; break; }
            best=$(awk -v a="$best" -v b="$(cat "$tmp/time")" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        done
        [ -n "$best" ] && echo "  solve wp --half 2 --left 2 --lead -3 $moment (from the file): $best s wall"
    done
    case $rs in *.ini) echo "  (a test game: its file keeps no play cells, so solve wp enumerates the plays of each togo it reaches)" ;; esac
    rm -f "$tmp/out"/*.pbv
done
exit $status
