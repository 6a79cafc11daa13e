#!/bin/sh
# tests/browser.sh BIN DIR: the report in a real browser. Writes the report of the default
# ruleset into DIR, then tests/browser/report_test.js loads it in headless Chromium: the
# charts rendered at their size, the explorer reacts to a new selection with a new chart and
# new numbers, a known exact value shows; screenshots DIR/report.png, DIR/report-explorer.png.
# Then the same for a report with the game section (DIR/game/report.html, tests/data/game_tiny.ini),
# and the Japanese report's layout and words (DIR/ja/report.html: no English prose left), and the
# game's report in Japanese from the same value file (DIR/game-ja/report.html). The English runs
# pass --lang en.
bin=${1:-bin/paperbowl}
dir=${2:-build/browser}
command -v node >/dev/null 2>&1 || { echo "browser: node not found (Debian: apt-get install nodejs)"; exit 1; }
mkdir -p "$dir" || exit 1
"$bin" tables --format html --lang en --out "$dir" --quiet >/dev/null || { echo "browser: 'tables' failed"; exit 1; }
# Chromium's profile (pb-chromium-*) and whatever its helpers write into TMPDIR go into a folder
# of this run's own, removed afterwards: the helpers may outlive the browser for a moment
tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pb-browser-XXXXXX") || exit 1
TMPDIR=$tmpdir node tests/browser/report_test.js "$dir/report.html" "$dir/report.png" > "$dir/browser.log" 2>&1
rc=$?
# the game section: tests/data/game_tiny.ini (two play cards a half) with one timeout each, solved
# headline only at a small lead cap (seconds), then the report from that value file
game="$dir/game"
rm -rf "$game" && mkdir -p "$game" || exit 1
"$bin" solve game --ruleset tests/data/game_tiny.ini --switch TIMEOUTS=1 --lead-cap 4 --headline --output "$game" \
    >/dev/null 2>&1 &&
"$bin" tables --ruleset tests/data/game_tiny.ini --switch TIMEOUTS=1 --game \
    --values "$game/game-game-tiny-TIMEOUTS=1.pbv" --format html --lang en --out "$game" --quiet >/dev/null ||
    { echo "browser: the game report failed"; exit 1; }
TMPDIR=$tmpdir node tests/browser/report_test.js "$game/report.html" "$game/report.png" --game >> "$dir/browser.log" 2>&1 || rc=1
# the report in Japanese (the default of the v1.11-ja ruleset): DIR/ja/report.html
mkdir -p "$dir/ja" && "$bin" tables --format html --only report --out "$dir/ja" --quiet >/dev/null ||
    { echo "browser: the Japanese report failed"; exit 1; }
TMPDIR=$tmpdir node tests/browser/report_test.js "$dir/ja/report.html" "$dir/ja/report.png" --ja >> "$dir/browser.log" 2>&1 || rc=1
gameja="$dir/game-ja"
mkdir -p "$gameja" && "$bin" tables --ruleset tests/data/game_tiny.ini --switch TIMEOUTS=1 --game \
    --values "$game/game-game-tiny-TIMEOUTS=1.pbv" --format html --lang ja --out "$gameja" --quiet >/dev/null ||
    { echo "browser: the Japanese game report failed"; exit 1; }
TMPDIR=$tmpdir node tests/browser/report_test.js "$gameja/report.html" "$gameja/report.png" --ja-game >> "$dir/browser.log" 2>&1 || rc=1
for try in 1 2 3 4 5; do
    rm -rf "$tmpdir" 2>/dev/null && [ ! -e "$tmpdir" ] && break
    sleep 1
done
[ ! -e "$tmpdir" ] || echo "browser: note: could not remove $tmpdir"
grep -v '^ok ' "$dir/browser.log"
echo "browser: $(grep -c '^ok ' "$dir/browser.log") checks passed (log: $dir/browser.log)"
exit $rc
