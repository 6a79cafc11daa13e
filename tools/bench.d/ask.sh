#!/bin/sh
# tools/bench.d/ask.sh BIN: `paperbowl ask` figures (issue 7): the twenty worked questions of
# tools/ask_examples.txt, and a question with everything open (3 offenses x 5 defenses x 99
# positions, the deck: 1,485 cells, 35,640 single-card enumerations): wall and CPU seconds, peak memory.
bin=${1:-bin/paperbowl}
t=/usr/bin/time
[ -x "$t" ] || { echo "ask bench: error: /usr/bin/time is needed (Debian: time; make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-ask-XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
tmp=$dir/time out=$dir/ask.md
"$t" -f "%e %U %S %M" -o "$tmp" sh tools/ask_examples.sh "$bin" "$out" > /dev/null ||
    { echo "ask bench: error: tools/ask_examples.sh failed" >&2; exit 1; }
read wall user sys rss < "$tmp"
awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
    printf "ask: the 20 worked questions: %.2f s wall, %.2f s CPU, peak RSS %.1f MiB\n", w, u + s, m / 1024 }'
"$t" -f "%e %U %S %M" -o "$tmp" "$bin" ask 'P(td)' > /dev/null || { echo "ask bench: error: ask 'P(td)' failed" >&2; exit 1; }
read wall user sys rss < "$tmp"
awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN {
    printf "ask: P(td) with everything open (1485 deck cells): %.2f s wall, %.2f s CPU, %.0f cells per CPU second, peak RSS %.1f MiB\n",
    w, u + s, 1485 / (u + s > 0 ? u + s : 0.01), m / 1024 }'
