#!/bin/sh
# tools/bench.d/enumerate.sh BIN: the exact enumerator's figures (issue 3):
#   the whole default grid, exact (no truncation), with 1 thread and with the default thread
#   count: wall and CPU seconds, cells per second, peak memory; and the reference walker
#   against the fast enumerator at depth 6 on sample cells (CPU time per cell, ratio).
# CPU seconds are user + system; on a loaded machine wall time exceeds CPU / threads.
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "enumerate bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-enum-XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
tmp=$dir/time
fail() { echo "enumerate bench: error: $* failed" >&2; exit 1; }
"$bin" grid --no-progress --threads 2 > "$dir/grid" 2>/dev/null || fail "grid"
cells=$(tail -n +2 "$dir/grid" | wc -l)
echo "enumerate: the default grid: $cells cells (v1.11-ja, exact, no truncation)"
for threads in 1 2; do
    "$t" -f "%e %U %S %M" -o "$tmp" "$bin" grid --no-progress --threads $threads > /dev/null || fail "grid --threads $threads"
    read wall user sys rss < "$tmp"
    awk -v c="$cells" -v th="$threads" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
        cpu = u + s; printf "  grid --threads %d: %.2f s wall, %.2f s CPU, %.0f cells/s (wall), %.0f cells per CPU second, peak RSS %.1f MiB\n",
        th, w, cpu, c / (w > 0 ? w : 0.01), c / (cpu > 0 ? cpu : 0.01), m / 1024 }'
done
echo "enumerate: reference walker vs fast enumerator at --depth 6 (CPU seconds per cell)"
for cell in "--offense run --defense 1 --togo 60" "--offense short --defense 4 --togo 45 --card 18" \
            "--offense long --defense 2 --togo 90 --card 22" "--offense long --defense 2 --togo 90 --card 05" \
            "--offense run --defense 1 --togo 99 --card 02"; do
    "$t" -f "%U %S" -o "$tmp" "$bin" dist $cell --depth 6 --walk --repeat 3 > /dev/null || fail "dist $cell --walk"
    read wu ws < "$tmp"
    "$t" -f "%U %S" -o "$tmp" "$bin" dist $cell --depth 6 --repeat 20000 > /dev/null || fail "dist $cell"
    read fu fs < "$tmp"
    awk -v c="$cell" -v w="$wu $ws" -v f="$fu $fs" 'BEGIN { split(w, a, " "); split(f, b, " ");
        wc = (a[1] + a[2]) / 3; fc = (b[1] + b[2]) / 20000; if (fc <= 0) fc = 1e-6;
        printf "  %-50s walker %.4f s, fast %.7f s, ratio %.0f\n", c, wc, fc, wc / fc }'
done
