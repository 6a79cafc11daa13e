#!/bin/sh
# tools/bench.d/tables.sh BIN: wall time of `paperbowl tables` for one ruleset (every cell
# enumerated once, every table in every format, the report), with 1 thread and with the
# default (one per core), and peak memory. Target: under 5 seconds.
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "tables bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/pb-tables-bench-XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
for threads in 1 default; do
    opt=""; [ "$threads" = default ] || opt="--threads $threads"
    "$t" -f "%e %M" -o "$out/time" "$bin" tables --out "$out/t" --quiet $opt >/dev/null 2>"$out/err" || {
        echo "tables bench: error: tables --threads $threads failed:" >&2; cat "$out/err" >&2; exit 1; }
    read -r secs kb < "$out/time"
    echo "tables: v1.11-ja, threads $threads: $secs s wall, peak $((kb / 1024)) MiB, $(ls "$out/t" | wc -l) files, report $(( $(wc -c < "$out/t/report.html") / 1024 )) KiB"
done
