#!/bin/sh
# tools/same-output.sh OLD_BIN NEW_BIN: do two builds print the same bytes? Runs the whole grid
# (summaries, and the deck grid as JSON lines), the twenty worked `ask` questions, seeded `sim`
# runs (JSON and text), every table and the report, the ja/en diff, invariants, findings, a
# ruling, a distribution and every --help, with each binary, and compares the outputs with cmp.
# Lines that report elapsed seconds are dropped first. Used to prove a refactoring changes nothing
# a user sees. Exit 0 when all are identical, 1 otherwise (the differing files are named).
set -u
old=$1
new=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
run() {
    bin=$1
    out=$2
    mkdir -p "$out"
    "$bin" grid --threads 2 >"$out/grid.txt"
    "$bin" grid --format jsonl --deck --threads 2 >"$out/grid-deck.jsonl"
    sh tools/ask_examples.sh "$bin" "$out/ask.md" >/dev/null 2>&1
    "$bin" sim --games 20000 --seed 7 --json >"$out/sim.json"
    "$bin" sim --games 2000 --seed 3 --home coach --away uniform >"$out/sim.txt"
    "$bin" tables --out "$out/tables" >/dev/null
    "$bin" diff v1.11-ja v1.11-en >"$out/diff.txt"
    echo "exit $?" >>"$out/diff.txt"
    "$bin" verify invariants >"$out/invariants.txt" 2>&1
    "$bin" verify findings >"$out/findings.txt" 2>&1
    "$bin" roll --offense long --defense 4 --card 12 --togo 15 --dice 3-3,2-5 >"$out/roll.txt" 2>&1
    "$bin" dist --offense long --defense 4 --card deck --togo 15 --json >"$out/dist.json"
    "$bin" --help >"$out/help.txt"
    for c in roll rules dist grid sim verify diff tables ask; do
        "$bin" $c --help >"$out/help-$c.txt" 2>&1
    done
    for f in "$out"/*.txt; do
        grep -v -E '[0-9]+\.[0-9]+ s($|[^a-z])|in [0-9.]+ s|; [0-9.]+ s$' "$f" >"$f.k"
        mv "$f.k" "$f"
    done
}
run "$old" "$tmp/old"
run "$new" "$tmp/new"
n=0
bad=0
for f in $(cd "$tmp/old" && find . -type f | sort); do
    n=$((n + 1))
    cmp -s "$tmp/old/$f" "$tmp/new/$f" || { echo "differs: $f"; bad=1; }
done
[ $bad = 0 ] && echo "same-output: $n files identical"
exit $bad
