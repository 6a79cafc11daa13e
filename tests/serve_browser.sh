#!/bin/sh
# tests/serve_browser.sh BIN DIR: the workbench in headless Chromium (tests/browser/serve_test.js).
# Writes into DIR what the command line prints for the edit the browser makes (Defense 5's run
# value 0 -> 5: the per-card table at 2 yards to go, the EP table and the last-down chart of
# `tables --ruleset edited.ini`, `ask`'s answers), starts `paperbowl serve` on a free port, drives
# the page (screenshots DIR/serve-*.png), then reads the downloaded ruleset back with --ruleset
# and stops the server with SIGTERM (exit 0).
bin=${1:-bin/paperbowl}
dir=${2:-build/browser-serve}
command -v node >/dev/null 2>&1 || { echo "serve browser: node not found (Debian: apt-get install nodejs)"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail=0
"$bin" rules show | awk '/^\[/ { s = $0 } s == "[defense 5]" && /^run = / { $0 = "run = 5" } { print }' > "$dir/edited.ini"
grep -q '^run = 5$' "$dir/edited.ini" || { echo "serve browser: could not write the edited ruleset"; exit 1; }
"$bin" tables --ruleset "$dir/edited.ini" --only 'card-td-togo2,drive-ep,drive-fourth' --format csv --out "$dir" \
    --quiet > /dev/null || { echo "serve browser: 'tables' failed"; exit 1; }
q='P(td) offense=run defense=5 togo=5'
echo "$q" > "$dir/question.txt"
"$bin" ask --ruleset "$dir/edited.ini" "$q" > "$dir/ask.txt" && "$bin" ask "$q" > "$dir/ask-base.txt" ||
    { echo "serve browser: 'ask' failed"; exit 1; }
# the edited ruleset is "edited" for both (tune names it by the file, the page as the download)
"$bin" tune --ruleset "$dir/edited.ini" --vary punt.distance=40..60/10 --target 'E(next_score) togo=80' --max --json \
    --no-progress > "$dir/tune.json" || { echo "serve browser: 'tune' failed"; exit 1; }
tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pb-browser-XXXXXX") || exit 1
"$bin" serve --port 0 > "$dir/url.txt" 2> "$dir/serve.err" &
pid=$!
n=0
while [ $n -lt 100 ] && [ ! -s "$dir/url.txt" ]; do sleep 0.1; n=$((n + 1)); done
url=$(head -1 "$dir/url.txt")
case $url in http://127.0.0.1:*) ;; *) echo "serve browser: the server printed no URL"; kill "$pid"; exit 1 ;; esac
# the game level on a small game (tests/data/game_tiny.ini: two play cards a half), its own cache
"$bin" serve --port 0 --ruleset tests/data/game_tiny.ini --cache "$dir/cache" > "$dir/url2.txt" 2> "$dir/serve2.err" &
pid2=$!
n=0
while [ $n -lt 100 ] && [ ! -s "$dir/url2.txt" ]; do sleep 0.1; n=$((n + 1)); done
TMPDIR=$tmpdir node tests/browser/serve_test.js "$url" "$dir" "$(head -1 "$dir/url2.txt")" > "$dir/browser.log" 2>&1 || fail=1
kill -TERM "$pid" "$pid2"
wait "$pid"
rc=$?
wait "$pid2"
rc2=$?
[ $rc = 0 ] && [ $rc2 = 0 ] || { echo "FAIL serve: SIGTERM: exit $rc, $rc2"; fail=1; }
if [ -f "$dir/game-page.txt" ]; then
    # the edited ruleset the page solved: its name is on the answer's first line (B = edited-...)
    ed=$dir/cache/serve-$(sed -n '1s/.*-> B = \(edited-[0-9a-f]*\) .*/\1/p' "$dir/game-page.txt").ini
    "$bin" diff "$dir/cache/serve-game-tiny.ini" "$ed" --game --cache "$dir/cache" > "$dir/game-cli.txt" 2> /dev/null
    if cmp -s "$dir/game-page.txt" "$dir/game-cli.txt"; then
        echo "ok   the page's game section is 'diff A B --game''s output"
    else
        echo "FAIL the page's game section differs from 'diff A B --game':"; diff "$dir/game-cli.txt" "$dir/game-page.txt" | head
        fail=1
    fi
fi
if [ -f "$dir/download/edited.ini" ]; then
    "$bin" rules show --ruleset "$dir/download/edited.ini" | grep -v '^; ruleset' > "$dir/back.ini"
    "$bin" rules show --ruleset "$dir/edited.ini" | grep -v '^; ruleset' > "$dir/want.ini"
    if cmp -s "$dir/back.ini" "$dir/want.ini"; then
        echo "ok   the downloaded ruleset reads back with --ruleset to the edited values"
    else
        echo "FAIL the downloaded ruleset differs from the edit:"; diff "$dir/want.ini" "$dir/back.ini" | head; fail=1
    fi
fi
rm -rf "$tmpdir" 2>/dev/null
grep -v '^ok ' "$dir/browser.log"
echo "serve browser: $(grep -c '^ok ' "$dir/browser.log") checks passed (log: $dir/browser.log; screenshots $dir/serve-*.png)"
exit $fail
