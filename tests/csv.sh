#!/bin/sh
# tests/csv.sh BIN: every kind of CSV the program writes, read by Python's csv module
# (tests/csv_check.py): the header is row 1, the rows have its width, every exact value is its
# reduced fraction ("0", "1", never "0/1") with the decimal beside it correctly rounded to 17
# significant digits, and known values parse to exactly their fractions: the field goal's 17/18
# band at togo 1 and the 2/3 band at togo 30, the PAT's 11/12, the game tiny coin toss. Covers
# `tables --format csv` (every rule table), `tables --game` (a tiny game, solved here),
# `solve ep` and `solve fourth --format csv`, and the three other games' `table --format csv`.
bin=${1:-bin/paperbowl}
command -v python3 >/dev/null 2>&1 || { echo "csv: python3 not found (Debian: apt-get install python3)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" tables --format csv --lang en --out "$tmp/t" --quiet >/dev/null || { echo "FAIL csv: 'tables' failed"; exit 1; }
python3 tests/csv_check.py "$tmp"/t/*.csv \
    --expect "$tmp/t/fg.csv:P(good) exact p:1=17/18" --expect "$tmp/t/fg.csv:P(good) exact p:30=2/3" \
    --expect "$tmp/t/pat.csv:P(good) exact p:PAT kick (sum >= 4)=11/12" || fail=1
for game in soccer carriers cardgame; do
    "$bin" $game table --format csv > "$tmp/$game.csv" || { echo "FAIL csv: '$game table' failed"; fail=1; }
done
# soccer: a grounder from 2 squares scores with 5 of the 6 faces
python3 tests/csv_check.py "$tmp/soccer.csv" "$tmp/carriers.csv" "$tmp/cardgame.csv" \
    --expect "$tmp/soccer.csv:field player exact p:2=5/6" || fail=1
"$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss,game-wp-lead,game-wp-lead-half1,game-cards-blank --format csv \
    --out "$tmp/g" --quiet >/dev/null 2>&1 || { echo "FAIL csv: 'tables --game' failed"; fail=1; }
python3 tests/csv_check.py "$tmp/g/game-coin-toss.csv" "$tmp/g/game-wp-lead.csv" --floats 1 || fail=1
python3 tests/csv_check.py "$tmp/g/game-wp-lead-half1.csv" "$tmp/g/game-cards-blank.csv" --floats 2 || fail=1
"$bin" solve ep --format csv --output "$tmp/ep.csv" >/dev/null &&
    "$bin" solve fourth --format csv --output "$tmp/fourth.csv" >/dev/null ||
    { echo "FAIL csv: 'solve ep/fourth --format csv' failed"; fail=1; }
python3 tests/csv_check.py "$tmp/ep.csv" --floats 0 || fail=1
python3 tests/csv_check.py "$tmp/fourth.csv" --floats 3 || fail=1
exit $fail
