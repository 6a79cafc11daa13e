#!/bin/sh
# tests/golden_games.sh BIN [--update]: the golden tables of the games beside PAPER BOWL.
# tests/golden-games/GAME.csv and GAME.md hold committed copies of `paperbowl GAME table` (every
# table, the embedded ruleset); each is regenerated and compared byte for byte, so any change in
# the numbers (or their layout) shows as a diff to review. --update rewrites the copies from the
# current build (then review `git diff tests/golden-games`).
bin=${1:-bin/paperbowl}
update=${2:-}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for game in soccer carriers cardgame; do
    for ext in csv md; do
        old=tests/golden-games/$game.$ext
        "$bin" "$game" table --format "$ext" > "$tmp/new" || { echo "FAIL golden $game: 'table' failed"; fail=$((fail+1)); continue; }
        if [ "$update" = "--update" ]; then
            cp "$tmp/new" "$old" && pass=$((pass+1))
        elif [ ! -f "$old" ]; then
            echo "FAIL golden $old: no committed copy (run: sh tests/golden_games.sh $bin --update)"; fail=$((fail+1))
        elif cmp -s "$old" "$tmp/new"; then
            pass=$((pass+1))
        else
            echo "FAIL golden $old differs from the committed copy:"; diff -u "$old" "$tmp/new" | head -20; fail=$((fail+1))
        fi
    done
done
[ "$update" = "--update" ] && { echo "golden games: $pass files updated (review: git diff tests/golden-games)"; exit 0; }
echo "golden games: $pass identical, $fail differ"
[ $fail = 0 ] && [ $pass -gt 0 ]
