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
TMPDIR=$tmpdir node tests/browser/serve_test.js "$url" "$dir" > "$dir/browser.log" 2>&1 || fail=1
kill -TERM "$pid"
wait "$pid"
rc=$?
[ $rc = 0 ] || { echo "FAIL serve: SIGTERM: exit $rc"; fail=1; }
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
