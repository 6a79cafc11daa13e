#!/bin/sh
# tools/bench.d/tune.sh BIN: `paperbowl tune` figures: the time an evaluation takes at each level,
# wall and CPU seconds per evaluation, one thread and every CPU:
#   play   pat.kick_at_least over 2..12 (11 rows), P(success) kick=pat; and a play question of 30
#          deck cells (720 single-card enumerations) a row, defense 3.run over 0..6 (7 rows)
#   drive  punt.distance 40..100/5 (13 rows), E(next_score) at 4th and 5 from the own 35: a drive
#          solve a row (the first enumerates the play cells, the others reuse them: a kick varied)
#   game   kickoff.base 40,60 on tests/data/game_tiny.ini, the kicking team's WP at the opening
#          kickoff, --lead-cap 4 (a game solve a row; the value files in a temporary cache); then
#          the same again, read from the cache
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "tune bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-tune-XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
tmp=$dir/time
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
# wall times depend on what else runs: say how loaded the machine was
echo "tune: $ncpu online CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) at the start"
bench() {   # bench LABEL ROWS ARGS...: per evaluation
    label=$1 rows=$2
    shift 2
    "$t" -f "%e %U %S %M" -o "$tmp" "$bin" tune --no-progress "$@" > /dev/null ||
        { echo "tune bench: error: tune $* failed" >&2; exit 1; }
    read wall user sys rss < "$tmp"
    awk -v l="$label" -v n="$rows" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
        printf "tune: %s: %.3f s wall, %.3f s CPU an evaluation (%d rows: %.2f s wall), peak RSS %.1f MiB\n",
        l, w / n, (u + s) / n, n, w, m / 1024 }'
}
for th in 1 "$ncpu"; do
    bench "play, P(success) kick=pat, $th thread(s)" 11 --threads "$th" --vary pat.kick_at_least=2..12 \
        --target 'P(success) kick=pat'
    bench "play, 30 deck cells (720 enumerations) a row, $th thread(s)" 7 --threads "$th" --vary 'defense 3.run=0..6' \
        --target 'P(first_down or td) offense=run,short,long defense=3 togo=20..24,40..44'
done
bench "drive, E(next_score) a drive solve a row, $ncpu thread(s)" 13 --vary punt.distance=40..100/5 \
    --target 'E(next_score) togo=65 down=4 ytg=5'
bench "game, game_tiny a game solve a row, $ncpu thread(s)" 2 --ruleset tests/data/game_tiny.ini \
    --vary kickoff.base=40,60 --target 'WP half=1 left=2 lead=0 kick=kickoff' --game --lead-cap 4 --cache "$dir/cache"
bench "game, the same read from the value-file cache" 2 --ruleset tests/data/game_tiny.ini \
    --vary kickoff.base=40,60 --target 'WP half=1 left=2 lead=0 kick=kickoff' --game --lead-cap 4 --cache "$dir/cache"
