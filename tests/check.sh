#!/bin/bash
# tests/check.sh BIN TEST_BIN: every test of `make check` (and `make asan`), as independent steps
# run PB_CHECK_JOBS at a time (default 2: the 2-core machine), the longest first, so that both
# cores stay busy to the end. Each step's start is printed as it starts, and its end (its time,
# then its output whole) as it ends; at the end one line per step that took 30 s or more, and the
# total. Fails when any step fails.
#
# The environment from make: MAKE, BUILD, SAN (1: the sanitized build: the steps that test no
# memory, or that cannot run sanitized, are left out, each saying why), CC, LDFLAGS.
# PB_CHECK_ONLY='glob' runs only the steps whose name matches (e.g. 'suite:wp*', 'cli*').
# Bash, not sh: `wait -n` (a free worker takes the next step at once).
set -u
bin=${1:?usage: tests/check.sh BIN TEST_BIN}
test_bin=${2:?usage: tests/check.sh BIN TEST_BIN}
jobs=${PB_CHECK_JOBS:-2}
san=${SAN:-}
build=${BUILD:-build}
export MAKE=${MAKE:-make} BUILD="$build" SAN="$san"
tmp=$(mktemp -d) || exit 2
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

names=() cmds=()
step() { names+=("$1"); cmds+=("$2"); }   # step NAME COMMAND (a shell command line)

# The steps, the longest first (as measured on the 2-core machine: `make check` prints the long
# ones' times). The Check suites run one process each (test-paperbowl SUITE).
suites=$("$test_bin" --list) || { echo "check: $test_bin --list failed"; exit 1; }
listed=" $(echo $suites) " taken=" "
suite() {   # suite NAME: the suite as a step, when the test binary has it
    case "$listed" in *" $1 "*) step "suite:$1" "\"$test_bin\" $1"; taken="$taken$1 " ;; esac
}
step mpi "sh tests/mpi.sh \"$bin\""
step cli:0 "PB_CLI_JOBS=1 PB_CLI_PART=0/2 sh tests/cli.sh \"$bin\""
step cli:1 "PB_CLI_JOBS=1 PB_CLI_PART=1/2 sh tests/cli.sh \"$bin\""
# every fuzz target of tests/fuzz/, sanitized (build-fuzz/): its kept crash inputs replayed, then
# PB_FUZZ_SECONDS (default 5) of fuzzing each (tools/fuzz.sh; `make fuzz`: a minute each)
# (the fuzz build is sanitized whatever the pass: the sanitized pass leaves it out)
[ "$san" != 1 ] && step fuzz "sh tools/fuzz.sh \"$bin\" ${PB_FUZZ_SECONDS:-5}"
[ "$san" != 1 ] && step game_compare "sh tests/game_compare.sh \"$bin\""
suite wp_last
suite wp_coach
[ "$san" != 1 ] && step readme "sh tests/readme.sh \"$bin\""
for s in wp_window wp walker drive verify solve_diff; do suite $s; done
if [ "$san" != 1 ]; then
    step browser "sh tools/install-chromium.sh && sh tests/browser.sh \"$bin\" \"$build/browser\""
    step serve_browser "sh tools/install-chromium.sh && sh tests/serve_browser.sh \"$bin\" \"$build/browser-serve\""
    step browser_games "sh tools/install-chromium.sh && sh tests/browser_games.sh \"$bin\" \"$build/browser-games\""
    step install "CC='${CC:-cc}' LDFLAGS='${LDFLAGS:-}' sh tests/install.sh \"$build\" \"$bin\""
fi
step oom "sh tests/oom.sh \"$bin\""
step serve "sh tests/serve.sh \"$bin\""
for s in ask wp_file solve_wp_in_play tables_game tables compile wp_cap sim sim_decider sim_drive; do suite $s; done
for s in $suites; do
    case "$taken" in *" $s "*) ;; *) suite "$s" ;; esac
done
step files "sh tests/files.sh \"$bin\""
step stdout "sh tests/stdout.sh \"$bin\""
step progress "sh tests/progress.sh \"$bin\""
step drive_check "sh tools/drive_check.sh -b \"$bin\" -q"
step rulings "sh tests/rulings.sh \"$bin\""
[ "$san" != 1 ] && step tune "sh tests/tune.sh \"$bin\""
step golden "sh tests/golden.sh \"$bin\" \"$build/golden\""
step rulebook "sh tests/rulebook.sh \"$bin\" \"$build/rulebook\" && sh tests/rulebook.sh \"$bin\" \"$build/rulebook\" --self-test"
step rulebook_tex "sh tests/rulebook_tex.sh \"$bin\" \"$build/rulebook-tex\""
step golden_games "sh tests/golden_games.sh \"$bin\""
step games_lang "sh tests/games_lang.sh \"$bin\""
step csv "sh tests/csv.sh \"$bin\""
step bench "sh tests/bench.sh"
[ "$san" != 1 ] && step tables_first "sh tests/tables_first.sh \"$bin\""
step threads "sh tests/threads.sh \"$bin\""
step install_deps "sh tests/install_deps.sh"
step check_steps "sh tests/check_steps.sh"
step manpage "sh tests/manpage.sh \"$bin\""
step completion "sh tests/completion.sh \"$bin\""
step layering "sh tests/layering.sh && sh tests/layering.sh --self-test"
step catalogue "sh tests/catalogue.sh && sh tests/catalogue.sh --self-test"
step docs "sh tests/docs.sh \"$bin\" && sh tests/docs.sh --self-test"
[ "$san" = 1 ] && echo "check: sanitized build: fuzz, game_compare, readme, browser, serve_browser, browser_games, install and tables_first left out
  (the fuzz targets, sanitized in either pass; values the plain build compares, the README's examples, the report in Chromium, the installed
  files, a game solve interrupted: make check runs them)"

n=${#names[@]}
sel=()
for ((i = 0; i < n; i++)); do
    case "${names[$i]}" in ${PB_CHECK_ONLY:-*}) sel+=("$i") ;; esac
done
[ ${#sel[@]} -gt 0 ] || { echo "check: no step matches '${PB_CHECK_ONLY:-}'"; exit 1; }

run_step() {   # run_step I: step I's output, status and seconds into $tmp
    local t0=$SECONDS
    bash -c "${cmds[$1]}" > "$tmp/out.$1" 2>&1
    echo $? > "$tmp/rc.$1"
    echo $((SECONDS - t0)) > "$tmp/sec.$1.part" && mv "$tmp/sec.$1.part" "$tmp/sec.$1"
}
report() {   # report I: step I's end, its time, then its output whole
    local i=$1 rc
    rc=$(cat "$tmp/rc.$i")
    if [ "$rc" = 0 ]; then
        echo "== ${names[$i]}: done, $(cat "$tmp/sec.$i") s ($((SECONDS - start)) s in)"
    else
        echo "== ${names[$i]}: FAILED (exit $rc), $(cat "$tmp/sec.$i") s ($((SECONDS - start)) s in)"
    fi
    cat "$tmp/out.$i"
    [ "$rc" = 0 ] || { echo "check: FAIL: ${names[$i]} (exit $rc)"; failed=$((failed + 1)); }
}
# each step's start is printed when it starts, and its end (with its output) when it ends
start=$SECONDS next=0 shown=0 running=0 failed=0
declare -A reported=()
while [ $shown -lt ${#sel[@]} ]; do
    while [ $running -lt "$jobs" ] && [ $next -lt ${#sel[@]} ]; do
        echo "== ${names[${sel[$next]}]}: started ($((SECONDS - start)) s in)"
        run_step "${sel[$next]}" &
        next=$((next + 1)) running=$((running + 1))
    done
    [ $running -gt 0 ] && wait -n
    running=$(jobs -pr | wc -l)
    for ((k = 0; k < next; k++)); do
        i=${sel[$k]}
        [ -z "${reported[$i]:-}" ] && [ -f "$tmp/sec.$i" ] || continue
        report "$i"
        reported[$i]=1 shown=$((shown + 1))
    done
    if [ $running -eq 0 ] && [ $next -ge ${#sel[@]} ] && [ $shown -lt ${#sel[@]} ]; then
        for ((k = 0; k < next; k++)); do   # (a step killed before it could say)
            i=${sel[$k]}
            [ -z "${reported[$i]:-}" ] || continue
            [ -f "$tmp/rc.$i" ] || echo 1 > "$tmp/rc.$i"
            echo 0 > "$tmp/sec.$i"
            report "$i"
            reported[$i]=1 shown=$((shown + 1))
        done
    fi
done
for i in "${sel[@]}"; do
    s=$(cat "$tmp/sec.$i")
    [ "$s" -ge 30 ] && printf '  %5d s  %s\n' "$s" "${names[$i]}"
done | sort -rn > "$tmp/long"
[ -s "$tmp/long" ] && echo "check: the steps of 30 s or more:" && cat "$tmp/long"
total=0
for i in "${sel[@]}"; do total=$((total + $(cat "$tmp/sec.$i"))); done
echo "check: ${#sel[@]} steps, $failed failed; $((SECONDS - start)) s wall, $total s in the steps ($jobs at a time)"
[ $failed = 0 ]
