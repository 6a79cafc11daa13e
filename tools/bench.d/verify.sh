#!/bin/sh
# tools/bench.d/verify.sh BIN: `paperbowl verify` and `paperbowl diff` figures (issue 5): the
# cross-check sweep at 10^7 plays on one thread (plays per second of the random side), the
# grid invariants, and the v1.11-ja / v1.11-en diff: wall and CPU seconds, peak memory.
# (The --long run, 10^8 plays and 200000 games, takes about 30 s on one core: see doc/verify.md.)
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "verify bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-verify-XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
tmp=$dir/time out=$dir/out
fail() { echo "verify bench: error: $* failed" >&2; exit 1; }
"$t" -f "%e %U %S %M" -o "$tmp" "$bin" verify crosscheck --plays 10000000 --games 20000 --threads 1 > "$out" || fail "verify crosscheck"
tail -n 1 "$tmp" > "$tmp.last"; read wall user sys rss < "$tmp.last"
sed -n 's/^sweep (every cell forced): /verify crosscheck: sweep /p; s/^whole games /verify crosscheck: games /p' "$out"
awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
    printf "verify crosscheck (10^7 plays + 20000 games, 1 thread): %.2f s wall, %.2f s CPU, peak RSS %.1f MiB\n", w, u + s, m / 1024 }'
"$t" -f "%e %U %S %M" -o "$tmp" "$bin" verify invariants --threads 2 > "$out" || fail "verify invariants"
tail -n 1 "$tmp" > "$tmp.last"; read wall user sys rss < "$tmp.last"
awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
    printf "verify invariants (43188 distributions, 2 threads): %.2f s wall, %.2f s CPU, peak RSS %.1f MiB\n", w, u + s, m / 1024 }'
# exit status 1 is diff's normal "changes found"; 2 or more is a failure
"$t" -f "%e %U %S %M" -o "$tmp" "$bin" diff v1.11-ja v1.11-en --top 0 --threads 2 > "$out"; [ $? -le 1 ] || fail "diff v1.11-ja v1.11-en"
tail -n 1 "$tmp" > "$tmp.last"; read wall user sys rss < "$tmp.last"
awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
    printf "diff v1.11-ja v1.11-en (38868 cells x 2 rulesets, 2 threads, exit 1: changes): %.2f s wall, %.2f s CPU, peak RSS %.1f MiB\n", w, u + s, m / 1024 }'
