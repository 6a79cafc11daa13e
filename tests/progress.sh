#!/bin/sh
# tests/progress.sh BIN: the progress line (cli/cli_progress.c) under a pseudo-terminal (`script`,
# util-linux): on a terminal's stderr a long command shows what it does, how far and the time
# left, one line rewritten with \r and cleared at the end; never when stderr is a file or a pipe,
# never with --no-progress (taken by every command, anywhere after its name); stdout the same in
# every case. Runs `sim` (its games), `verify invariants` (the library's reports through
# pb_verify_parallel_named) and `tune` (its evaluations) with PB_PROGRESS_AFTER=0 (the line from the first tick, not after half
# a second) so that a fast machine still shows it. Skipped, saying so, without `script`.
bin=${1:-bin/paperbowl}
command -v script >/dev/null 2>&1 || { echo "progress: skipped: no 'script' (Debian: util-linux)"; exit 0; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export PB_PROGRESS_AFTER=0
pass=0 fail=0
bad() { echo "FAIL progress: $*"; fail=$((fail + 1)); }
ok() { pass=$((pass + 1)); }
# tty NAME SHELL-COMMAND: run it with a terminal for stdin, stdout and stderr; what reached the
# terminal in $tmp/NAME.tty
tty() {
    script -qec "$2" "$tmp/$1.tty" </dev/null >/dev/null 2>&1
}

# the sim's own reports: every case
args="sim --games 60000 --seed 3 --threads 1" what="simulating games"
"$bin" $args > "$tmp/plain" 2>"$tmp/plain.err"
tty sim "\"$bin\" $args > \"$tmp/sim.out\""
if grep -q "paperbowl sim: $what: [0-9]* of 60000 ([0-9]*%)" "$tmp/sim.tty"; then ok; else
    bad "sim: no progress line on the terminal: $(head -c 300 "$tmp/sim.tty")"; fi
# the line is cleared at the end: the last \r-separated piece is blanks
last=$(tr '\r' '\n' < "$tmp/sim.tty" | grep -v '^Script\|^$' | tail -1)
case "$last" in *[!\ ]*) bad "sim: the line is not cleared at the end: '$last'" ;; *) ok ;; esac
cmp -s "$tmp/plain" "$tmp/sim.out" && ok || bad "sim: stdout differs with a terminal's stderr"
tty file "\"$bin\" $args 2> \"$tmp/sim.err\""
grep -q "$what" "$tmp/sim.err" "$tmp/file.tty" && bad "sim: progress with stderr in a file" || ok
tty pipe "\"$bin\" $args 2>&1 | cat > \"$tmp/piped\""
grep -q "$what" "$tmp/piped" "$tmp/pipe.tty" && bad "sim: progress in a pipe" || ok
tty quiet "\"$bin\" $args --no-progress > \"$tmp/quiet.out\""
grep -q "$what" "$tmp/quiet.tty" && bad "sim: progress with --no-progress" || ok
cmp -s "$tmp/plain" "$tmp/quiet.out" && ok || bad "sim: stdout differs with --no-progress"

# the library's reports (core/progress.h, from pb_verify_parallel_named), with the time left
what="checking the invariants, distributions"
# (a time left needs the step to have run a second before a drawing: on a loaded machine the ticker
# may not draw in that window, so up to three runs; on a fast machine the whole step takes under
# two seconds, and the time left it shows after its first second is "under 1 s left")
left="paperbowl verify: $what: [0-9]* of 43188 ([0-9]*%), \(about [0-9a-z ]*\|under 1 s\) left"
for try in 1 2 3; do
    tty inv "\"$bin\" verify invariants --threads 1 > \"$tmp/inv.out\""
    grep -q "$left" "$tmp/inv.tty" && break
done
if grep -q "$left" "$tmp/inv.tty"; then ok; else
    bad "verify invariants: no progress line with the time left: $(head -c 300 "$tmp/inv.tty")"; fi
# the last second: "under 1 s left", never "about under 1 s left" (when the run is long enough to
# show one: two seconds)
if grep -q 'about under' "$tmp/inv.tty" "$tmp/sim.tty"; then bad "the time left says 'about under 1 s': $(tr '\r' '\n' < "$tmp/inv.tty" | grep -m1 'about under')"
elif grep -q 'about [1-9] s left' "$tmp/inv.tty" && ! grep -q ', under 1 s left' "$tmp/inv.tty"; then
    bad "verify invariants: no 'under 1 s left' in its last second"
else ok; fi
tty invq "\"$bin\" verify --no-progress invariants --threads 1 > \"$tmp/invq.out\""
grep -q "$what" "$tmp/invq.tty" && bad "verify --no-progress invariants: progress" || ok
sed 's/, [0-9.]* s$//' "$tmp/inv.out" > "$tmp/inv.1"; sed 's/, [0-9.]* s$//' "$tmp/invq.out" > "$tmp/inv.2"
cmp -s "$tmp/inv.1" "$tmp/inv.2" && ok || bad "verify invariants: stdout differs with --no-progress"

# tune: its evaluations, on a terminal only; stdout the same
args="tune --vary 'defense 3.run=0..6' --vary pass.short_multiplier=1..3 --target 'P(td) offense=short defense=3 togo=20..40' --threads 1"
tty tune "\"$bin\" $args > \"$tmp/tune.out\""
if grep -q "paperbowl tune: evaluations: [0-9]* of 21 ([0-9]*%)" "$tmp/tune.tty"; then ok; else
    bad "tune: no progress line on the terminal: $(head -c 300 "$tmp/tune.tty")"; fi
eval "\"$bin\" $args" > "$tmp/tune.plain" 2>"$tmp/tune.err"
grep -q "evaluations" "$tmp/tune.err" && bad "tune: progress with stderr in a file" || ok
cmp -s "$tmp/tune.plain" "$tmp/tune.out" && ok || bad "tune: stdout differs with a terminal's stderr"

# --no-progress before the command's own options, and a command that has no use for it
"$bin" roll --no-progress --help > /dev/null 2>&1 && ok || bad "roll --no-progress --help fails"
# each phase times itself: the game solve's layers, after seconds of building the play tables,
# begin at "under 1 s so far" (not at the command's time since it started)
secs() {   # secs 'N s' | 'under 1 s' | 'M min N s': seconds
    case $1 in "under 1 s") echo 0 ;; *min*) m=${1%% min*} n=${1#* min } && n=${n% s} && echo $((m * 60 + ${n#0})) ;;
    *h*) echo 3600 ;; *) echo "${1% s}" ;; esac
}
# (sanitized: game_tiny, whose play tables alone take some 10 s there, its layers under a second;
# game_small's layers take minutes there)
game="tests/data/game_small.ini --lead-cap 3"
[ "${SAN:-}" = 1 ] && game="tests/data/game_tiny.ini --lead-cap 2"
tty phases "\"$bin\" solve game --ruleset $game --output \"$tmp/phases\" > /dev/null"
tr '\r' '\n' < "$tmp/phases.tty" > "$tmp/phases.lines"
built=$(grep 'building the play tables' "$tmp/phases.lines" | tail -1 | sed -n 's/.*, \(.*\) so far.*/\1/p')
layer=$(grep 'solving the game, states' "$tmp/phases.lines" | head -1 | sed -n 's/.*, \(.*\) so far.*/\1/p')
if [ -z "$built" ] || [ -z "$layer" ]; then
    bad "solve game: no 'so far' line for both phases: $(grep -c . "$tmp/phases.lines") lines"
elif [ "$(secs "$built")" -lt 3 ]; then
    ok   # the tables took under 3 s: nothing to tell apart (a fast machine)
elif [ "$(secs "$layer")" -le 1 ]; then ok
else bad "solve game: the layers began at '$layer so far' after '$built' of building the tables"; fi

echo "progress: $pass passed, $fail failed"
[ $fail = 0 ]
