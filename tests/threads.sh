#!/bin/sh
# tests/threads.sh BIN: every parallel command's default --threads is all the CPUs online here,
# and its --help says so ("all N CPUs of this machine", N from getconf, not from the program);
# `solve game --timings` names the count it ran with, by default and when --threads chooses.
# (That the count does not change a bit of the results is proved by the suites: wp's
# threads_and_file for 1, 2 and 3 threads, sim's and sim_uniform's 1, 2 and 3.)
bin=${1:-bin/paperbowl}
n=$(getconf _NPROCESSORS_ONLN) || { echo "threads: getconf _NPROCESSORS_ONLN failed"; exit 1; }
if [ "$n" = 1 ]; then want="the 1 CPU of this machine"; else want="all $n CPUs of this machine"; fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM
fail=0
for c in "solve game" "solve wp" "solve check" "solve ep" tables diff "verify" "verify deck" grid sim tune; do
    # shellcheck disable=SC2086
    "$bin" $c --help > "$tmp/help" 2>&1
    grep -A1 -- '--threads N' "$tmp/help" | tr -s ' \n' '  ' > "$tmp/line"
    grep -qF -- "default: $want" "$tmp/line" ||
        { echo "FAIL threads: '$c --help' does not say 'default: $want':"; cat "$tmp/line"; echo; fail=1; }
done
timings() {   # timings WANT ARGS...: solve game --timings names WANT threads
    w=$1; shift
    "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --output "$tmp" --timings "$@" \
        > "$tmp/out" 2> "$tmp/err" || { echo "FAIL threads: solve game $*: exit $?"; cat "$tmp/err"; fail=1; return; }
    grep -q "lead cap 2, $w threads;" "$tmp/err" ||
        { echo "FAIL threads: solve game $* did not run $w threads:"; cat "$tmp/err"; fail=1; }
}
timings "$n"
timings 3 --threads 3
[ $fail = 0 ] && echo "threads: the default is the $n CPUs online, in every parallel command's help and in solve game"
exit $fail
