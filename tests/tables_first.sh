#!/bin/sh
# tests/tables_first.sh BIN: `tables --game` (what `make tables` runs) with no value file writes the
# rule tables and the report without the game section first, says so in one line with the time
# the solve should take, then solves and writes the report again with the game section; an
# interrupt during the solve leaves the first files whole (no value file, no temporary); a second
# run with the value file fresh solves nothing (one pass, no such line).
bin=${1:-bin/paperbowl}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM
fail=0
no() { echo "FAIL tables_first: $*"; fail=1; }
line="the rulebook tables are in"
whole() {   # whole DIR: a report ending its document, no game section, every rule table there
    tail -c 200 "$1/report.html" | grep -q '</html>' || no "$1/report.html is not whole"
    grep -q 'id="game"' "$1/report.html" && no "$1/report.html has the game section before the game is solved"
    [ -s "$1/fg.csv" ] && [ -s "$1/tables.tex" ] || no "the rule tables are not all in $1"
    ls "$1"/game-*.txt > /dev/null 2>&1 && no "game tables in $1 before the game is solved"
}

# 1. interrupted during the solve (game_small's solve takes tens of seconds): the first pass whole.
# The run has SIGINT at its default (perl resets it: a background job of this shell starts with it
# ignored) in its own process group, and the group gets SIGINT, as from a terminal's Ctrl-C.
perl -e 'setpgrp(0, 0); $SIG{INT} = "DEFAULT"; exec @ARGV' "$bin" tables --ruleset tests/data/game_small.ini \
    --game --format html,csv,tex --out "$tmp/a" > "$tmp/a.out" 2> "$tmp/a.err" &
pid=$!
i=0
while ! grep -q "$line" "$tmp/a.err" 2>/dev/null && kill -0 $pid 2>/dev/null && [ $i -lt 6000 ]; do
    sleep 0.1; i=$((i + 1))
done
grep -q "$line" "$tmp/a.err" || no "no line before the solve: $(cat "$tmp/a.err")"
kill -s INT -- "-$pid" 2> /dev/null || no "no process group $pid to interrupt"
wait $pid; st=$?
[ $st -ne 0 ] || no "the interrupted run exited 0 (it finished before the interrupt?)"
grep -q "files written to $tmp/a/ (ruleset game-small, without the game section)" "$tmp/a.out" ||
    no "the first pass did not say so: $(cat "$tmp/a.out")"
grep -q "now solving the game for the report's game section: \(about [0-9]* min\|under 1 min\) on this machine; Ctrl-C keeps what is written" "$tmp/a.err" ||
    no "the line before the solve: $(cat "$tmp/a.err")"
whole "$tmp/a"
ls "$tmp/a"/*.pbv > /dev/null 2>&1 && no "a value file after the interrupt"
[ -z "$(find "$tmp/a" -name '.*' -type f)" ] || no "temporaries left: $(find "$tmp/a" -name '.*' -type f)"

# 2. a whole run (game_tiny): two passes, the game section at the end
"$bin" tables --ruleset tests/data/game_tiny.ini --game --format html,csv,tex --out "$tmp/b" \
    > "$tmp/b.out" 2> "$tmp/b.err" || no "tables --game on game_tiny: exit $?: $(cat "$tmp/b.err")"
[ "$(grep -c 'files written' "$tmp/b.out")" = 2 ] || no "not two passes: $(cat "$tmp/b.out")"
grep -q "$line" "$tmp/b.err" || no "no line before the solve (game_tiny)"
grep -q 'id="game"' "$tmp/b/report.html" || no "no game section in the report after the solve"
[ -s "$tmp/b/game-coin-toss.csv" ] && [ -s "$tmp/b/game-game-tiny.pbv" ] || no "no game tables or value file"

# 3. again, the value file fresh: one pass, nothing solved, the report with the game section
"$bin" tables --ruleset tests/data/game_tiny.ini --game --format html,csv,tex --out "$tmp/b" \
    > "$tmp/c.out" 2> "$tmp/c.err" || no "the second run: exit $?"
[ "$(grep -c 'files written' "$tmp/c.out")" = 1 ] || no "the second run took two passes: $(cat "$tmp/c.out")"
grep -q "$line\|solving" "$tmp/c.err" && no "the second run solved again: $(cat "$tmp/c.err")"
grep -q 'id="game"' "$tmp/b/report.html" || no "no game section in the report of the second run"
[ $fail = 0 ] && echo "tables_first: the rule tables first, whole after an interrupt in the solve; a fresh value file solves nothing"
exit $fail
