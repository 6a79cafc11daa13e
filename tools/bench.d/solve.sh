#!/bin/sh
# tools/bench.d/solve.sh BIN: the drive solver's figures (issue 11: `solve ep` for one ruleset,
# goal <= 1 s wall on the 2-core machine, must reach <= 10 s). For v1.11-ja and v1.11-en (2
# threads, the default) and v1.11-ja on 1 thread: states, sweeps, the time spent building the
# play tables (the exact deck distributions) and solving the games (pb_drive_stats, from
# `solve ep --format json`), wall and CPU seconds and peak memory (/usr/bin/time).
# Then, for scale, the straightforward approach of tools/coach_mixes.py (per state: the 15
# offense x defense cells from `paperbowl dist --card deck --json`, one process each, and the
# 3 x 5 game solved by 30,000 rounds of fictitious play in Python), timed on 20 states and
# EXTRAPOLATED to the 19,800 states (a measured rate times a count, not a run).
# The machine is shared: the load average is printed with the figures.
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "solve bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
command -v python3 > /dev/null || { echo "solve bench: error: python3 is needed (Debian: python3; make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-solve-XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
tmp=$dir/run
echo "solve: load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on $(nproc 2>/dev/null || echo '?') processors"
for run in "v1.11-ja 2" "v1.11-en 2" "v1.11-ja 1"; do
    set -- $run
    # the command as a user runs it (text: 99 lines) for wall, CPU and memory; then --format json
    # for the solver's own figures (its peak memory also holds the 19,800-state JSON document)
    "$t" -f "%e %U %S %M" -o "$tmp.time" "$bin" solve ep --ruleset "$1" --threads "$2" > /dev/null ||
        { echo "solve bench: error: solve ep --ruleset $1 failed" >&2; exit 1; }
    tail -n 1 "$tmp.time" > "$tmp.last"; read wall user sys rss < "$tmp.last"
    "$t" -f "%e %U %S %M" -o "$tmp.time" "$bin" solve ep --ruleset "$1" --threads "$2" --format json --timings > "$tmp.json" 2>/dev/null ||
        { echo "solve bench: error: solve ep --ruleset $1 --format json failed" >&2; exit 1; }
    tail -n 1 "$tmp.time" > "$tmp.last"; read jwall juser jsys jrss < "$tmp.last"
    python3 -B - "$tmp.json" "$1" "$2" "$wall" "$user" "$sys" "$rss" "$jrss" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))["solve"]
r, th = sys.argv[2], sys.argv[3]
wall, cpu = float(sys.argv[4]), float(sys.argv[5]) + float(sys.argv[6])
rss, jrss = int(sys.argv[7]), int(sys.argv[8])
print(f"solve ep --ruleset {r} --threads {th}: {wall:.2f} s wall, {cpu:.2f} s CPU, peak RSS {rss / 1024:.1f} MiB "
      f"({jrss / 1024:.1f} MiB with --format json)")
print(f"  {s['states']} states, {s['cells']} deck cells (x 24 cards), {s['sweeps']} sweeps; building the play tables "
      f"{s['build_seconds']:.2f} s, solving the games {s['solve_seconds']:.2f} s (wall, in the --format json run)")
EOF
    [ $? = 0 ] || exit 1
done

# coach_mixes.py's approach on 20 states (distinct togo and ytg, so its cache never hits)
python3 -B - "$bin" <<'EOF'   # -B: no tools/__pycache__ left by the import
import os, sys, time
bin_ = sys.argv[1]
sys.argv = ["coach_mixes.py", bin_]
sys.path.insert(0, "tools")
import coach_mixes as cm

states = [(t, d, min(y, t)) for t, d, y in
          [(99, 1, 10), (95, 3, 7), (90, 2, 4), (85, 4, 1), (80, 1, 10), (75, 2, 8), (70, 3, 3), (65, 4, 6),
           (60, 1, 10), (55, 2, 2), (50, 3, 12), (45, 4, 5), (40, 1, 10), (35, 2, 9), (30, 3, 1), (25, 4, 11),
           (20, 1, 10), (15, 2, 6), (10, 3, 10), (5, 4, 5)]]
t_dist = t_fp = 0.0
for togo, down, ytg in states:
    t0 = time.monotonic()
    m = [[cm.yards(cm.dist(o, d, togo, ytg), togo) for d in range(1, 6)] for o in cm.OFFENSE]
    t1 = time.monotonic()
    cm.solve(m)
    t2 = time.monotonic()
    t_dist += t1 - t0
    t_fp += t2 - t1
n = len(states)
per_dist, per_fp = t_dist / (15 * n), t_fp / n
one_pass = 19800 * (15 * per_dist + per_fp)
fixed = 1485 * per_dist + 42 * 19800 * per_fp
print(f"coach_mixes.py approach, measured on {n} states: {15 * n} `dist --card deck` processes "
      f"{t_dist:.2f} s ({per_dist * 1000:.0f} ms each), {n} fictitious-play solves {t_fp:.2f} s ({per_fp:.2f} s each)")
print(f"  extrapolated to 19800 states, one pass (as coach_mixes.py does per bucket, 15 dist calls + 1 solve a state): "
      f"{one_pass:.0f} s = {one_pass / 3600:.1f} h")
print(f"  extrapolated to the fixed point (1485 dist calls, cached; 42 sweeps x 19800 fictitious-play solves): "
      f"{fixed:.0f} s = {fixed / 3600:.1f} h")
EOF
