#!/bin/sh
# tools/drive_check.sh: the drive solver against the simulator (issue 11, "Checks").
#
#   sh tools/drive_check.sh [-b BIN] [-r RULESET] [-n DRIVES] [-s SEED] [-q] [-d] [-D]
#
# Solves the ruleset (`solve ep --strategy-out`), then for each starting state plays DRIVES
# drive chains with `sim --drive`, the solved strategy on both sides, and compares the mean
# signed next-score points with the solver's EP (`solve ep --format csv`, the value `solve state
# --json` gives as ep): the check
# passes when |mean - EP| <= 4 standard errors at every state. With -d it also plays deviating
# offenses (home always-run and coach against the solved away team) from three states: their
# mean must not exceed the EP by more than 4 standard errors (an equilibrium cannot be beaten
# by deviating). -D: also play the solved strategy with the real deck (`sim --drive --real-deck`,
# dealt quarter decks instead of a uniform card per snap) and print how far the mean moves from
# the EP: what the solver's uniform-card model costs (reported, not checked). -q: the quick version for `make check` (3 states, 200,000 drives unless -n).
# Prints one line per state: state, EP, sim mean, SE, z. Exit 0 when all agree, 1 otherwise,
# 2 on a usage or tool error.
set -u
bin=bin/paperbowl
ruleset=v1.11-ja
drives=
seed=1
quick=0
deviate=0
realdeck=0
while getopts b:r:n:s:qdD opt; do
    case $opt in
    b) bin=$OPTARG ;;
    r) ruleset=$OPTARG ;;
    n) drives=$OPTARG ;;
    s) seed=$OPTARG ;;
    q) quick=1 ;;
    d) deviate=1 ;;
    D) realdeck=1 ;;
    *) echo "usage: sh tools/drive_check.sh [-b BIN] [-r RULESET] [-n DRIVES] [-s SEED] [-q] [-d] [-D]" >&2; exit 2 ;;
    esac
done
if [ $quick = 1 ]; then
    states="80,1,10 35,4,3 1,1,1"
    : "${drives:=200000}"
else
    states="80,1,10 65,1,10 50,1,10 35,1,10 20,1,10 5,1,5 1,1,1 50,3,7 35,4,3 60,4,1"
    : "${drives:=1000000}"
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
solved=$tmp/solved.ini
# one solve gives both the strategy and every state's EP (the `ep` of `solve state --json`)
"$bin" solve ep --ruleset "$ruleset" --strategy-out "$solved" --format csv --output "$tmp/ep.csv" ||
    { echo "drive_check: solve ep failed" >&2; exit 2; }
grep -q '^\[return\]' "$solved" || echo "drive_check: warning: the solved strategy has no [return] section" >&2

# field NAME from JSON text on stdin: the number after "NAME":
field() { sed -n "s/^ *\"$1\": *\([-0-9.eE+]*\),*$/\1/p" | head -1; }

fail=0
# check STATE HOME ONE_SIDED [EXTRA]: one line, and fail=1 when out of tolerance (ONE_SIDED 2:
# report only)
check() {
    IFS=, read -r togo down ytg <<EOF
$1
EOF
    ep=$(awk -F, -v k="$togo,$down,$ytg" '$1 "," $2 "," $3 == k { print $4 }' "$tmp/ep.csv")
    out=$("$bin" sim --drive --ruleset "$ruleset" --togo "$togo" --down "$down" --ytg "$ytg" --games "$drives" \
        --seed "$seed" --home "$2" --away "$solved" --json ${4:-}) || { echo "drive_check: sim failed" >&2; exit 2; }
    mean=$(printf '%s\n' "$out" | field mean)
    se=$(printf '%s\n' "$out" | field standard_error)
    [ -n "$ep" ] && [ -n "$mean" ] && [ -n "$se" ] || { echo "drive_check: no figures for $1" >&2; exit 2; }
    verdict=$(awk -v ep="$ep" -v m="$mean" -v se="$se" -v one="$3" 'BEGIN {
        z = se > 0 ? (m - ep) / se : 0
        bad = one == 2 ? 0 : one ? z > 4 : (z > 4 || z < -4)
        printf "%+7.2f %s", z, one == 2 ? sprintf("moved %+.5f", m - ep) : bad ? "FAIL" : "ok" }')
    case $down in 1) d=1st ;; 2) d=2nd ;; 3) d=3rd ;; *) d=${down}th ;; esac
    if [ "$ytg" = "$togo" ] && [ "$togo" -le 10 ]; then s="$d & goal at $togo"; else s="$d & $ytg at $togo"; fi
    printf '%-18s %-12s %10.5f %10.5f %9.5f %s\n' "$s" "$(basename "$2" .ini)" "$ep" "$mean" "$se" "$verdict"
    case $verdict in *FAIL) fail=1 ;; esac
}

echo "drive check: ruleset $ruleset, $drives drives per state, seed $seed; away: the solved strategy"
printf '%-18s %-12s %10s %10s %9s %7s\n' state home EP "sim mean" SE z
for st in $states; do
    check "$st" "$solved" 0
done
if [ $deviate = 1 ]; then
    echo "deviating offenses (one-sided: the mean must not exceed EP + 4 SE)"
    for home in always-run coach; do
        for st in 80,1,10 35,4,3 5,1,5; do
            check "$st" "$home" 1
        done
    done
fi
if [ $realdeck = 1 ]; then
    echo "the real deck (dealt quarter decks; the solved strategy both sides): how far the mean moves from the EP"
    for st in $states; do
        check "$st" "$solved" 2 --real-deck
    done
fi
[ $fail = 0 ] && echo "drive check: all within 4 standard errors" || echo "drive check: FAILED"
exit $fail
