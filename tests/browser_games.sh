#!/bin/sh
# tests/browser_games.sh BIN DIR: the other games' report pages in a real browser. Writes
# `GAME report` in English and Japanese for soccer, carriers and cardgame into DIR, then
# tests/browser/games_test.js loads each in headless Chromium (its checks: the header comment
# there) and saves DIR/GAME.png and DIR/GAME-ja.png, the whole page.
bin=${1:-bin/paperbowl}
dir=${2:-build/browser-games}
command -v node >/dev/null 2>&1 || { echo "browser_games: node not found (Debian: apt-get install nodejs)"; exit 1; }
mkdir -p "$dir" || exit 1
for game in soccer carriers cardgame; do
    rm -f "$dir/$game.html" "$dir/$game-ja.html"
    "$bin" $game report --out "$dir/$game.html" >/dev/null || echo "browser_games: '$game report' failed"
    "$bin" $game report --lang ja --out "$dir/$game-ja.html" >/dev/null || echo "browser_games: '$game report --lang ja' failed"
done
tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pb-browser-XXXXXX") || exit 1
TMPDIR=$tmpdir node tests/browser/games_test.js "$dir" soccer carriers cardgame > "$dir/browser.log" 2>&1
rc=$?
for try in 1 2 3 4 5; do
    rm -rf "$tmpdir" 2>/dev/null && [ ! -e "$tmpdir" ] && break
    sleep 1
done
grep -v '^ok ' "$dir/browser.log"
echo "browser_games: $(grep -c '^ok ' "$dir/browser.log") checks passed (log: $dir/browser.log)"
exit $rc
