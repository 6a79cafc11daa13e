#!/bin/sh
# tests/golden.sh BIN DIR [--update]: the golden tables. tests/golden/RULESET/ holds committed
# copies of selected tables (ID.txt, .md, .csv, .tex); each is regenerated into DIR/RULESET
# by `paperbowl tables --ruleset RULESET --only IDS` and compared byte for byte, so any change
# in the numbers (or their layout) shows as a diff to review. --update rewrites the copies from
# the current build (then review `git diff tests/golden`). To add a golden table, copy its
# files from out/ into tests/golden/RULESET/ (or create an empty ID.txt and --update).
bin=${1:-bin/paperbowl}
dir=${2:-build/golden}
update=${3:-}
pass=0; fail=0
for rdir in tests/golden/*/; do
    rules=$(basename "$rdir")
    ids=$(ls "$rdir" | sed -n 's/\.\(txt\|md\|csv\|tex\)$//p' | sort -u | tr '\n' ',' | sed 's/,$//')
    [ -n "$ids" ] || continue
    rm -rf "$dir/$rules"
    mkdir -p "$dir/$rules"
    "$bin" tables --ruleset "$rules" --lang en --only "$ids" --format txt,md,csv,tex --out "$dir/$rules" --quiet >/dev/null ||
        { echo "FAIL golden $rules: 'tables' failed"; fail=$((fail+1)); continue; }
    for id in $(echo "$ids" | tr ',' ' '); do
        for ext in txt md csv tex; do
            new="$dir/$rules/$id.$ext"; old="$rdir$id.$ext"
            if [ "$update" = "--update" ]; then
                cp "$new" "$old" && pass=$((pass+1))
            elif [ ! -f "$old" ]; then
                echo "FAIL golden $rules/$id.$ext: no committed copy (run: sh tests/golden.sh $bin $dir --update)"
                fail=$((fail+1))
            elif cmp -s "$old" "$new"; then
                pass=$((pass+1))
            else
                echo "FAIL golden $rules/$id.$ext differs from the committed copy:"
                diff -u "$old" "$new" | head -20
                fail=$((fail+1))
            fi
        done
    done
done
[ "$update" = "--update" ] && { echo "golden: $pass files updated in tests/golden (review: git diff tests/golden)"; exit 0; }
echo "golden: $pass identical, $fail differ"
[ $fail = 0 ] && [ $pass -gt 0 ]
