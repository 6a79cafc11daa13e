#!/bin/sh
# tests/game_compare.sh BIN: the values `diff A B --game` and `verify switches --game` print,
# each beside its bound, against the solver's own answers for the two games (`solve game --json`
# and `solve wp --values FILE --json`, solved separately): the coin toss, its bound and the
# change; every win probability of a lead at the cards-left values compared (each change that
# exceeds the two bounds is listed, none other, and each listed value is the solver's); a listed
# fourth-down change is the best choice of each game's file; and the ranking's row of a switch is
# B - A of the two solves with the two bounds added; `diff --game --cache DIR` writes the two value
# files, then reads them and prints the same, and so does `verify switches --game --cache DIR`.
# game_tiny at lead cap 4 (seconds).
bin=${1:-bin/paperbowl}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
no() { echo "FAIL game_compare: $*"; fail=$((fail + 1)); }

rs=tests/data/game_tiny.ini sw=F03-INC=at-scrimmage cap=4
"$bin" solve game --ruleset $rs --lead-cap $cap --json --no-progress --output "$tmp" > "$tmp/a.json" || no "solve A"
"$bin" solve game --ruleset $rs --switch $sw --lead-cap $cap --json --no-progress --output "$tmp" > "$tmp/b.json" ||
    no "solve B"
"$bin" diff $rs $rs --switch $sw --game --lead-cap $cap --no-progress > "$tmp/diff.txt"
[ $? = 1 ] || no "diff --game: exit status $?, want 1 (the game changes)"

num() {   # num FILE KEY: the first number after "KEY":
    sed -n "s/.*\"$2\":\\([-0-9.e+]*\\).*/\\1/p" "$1" | head -1
}
# wp FILE LEFT LEAD: the value and bound of half 2's LEFT, LEAD in wp_by_lead
wp() {
    tr '{' '\n' < "$1" | grep "\"half\":2,\"left\":$2,\"lead\":$3," |
        sed 's/.*"wp":\([0-9.e-]*\),"bound":\([0-9.e-]*\).*/\1 \2/' | head -1
}

# the coin toss: A, its bound, B, its bound, B - A, bound A + B, CHANGED exactly when beyond it
ka=$(num "$tmp/a.json" kick) kb=$(num "$tmp/b.json" kick)
ba=$(sed -n 's/.*"coin_toss":{[^}]*"bound":\([0-9.e-]*\).*/\1/p' "$tmp/a.json")
bb=$(sed -n 's/.*"coin_toss":{[^}]*"bound":\([0-9.e-]*\).*/\1/p' "$tmp/b.json")
# (the JSON's bounds have 3 significant digits, the report's 2: each within 6 % of the other)
near() { awk -v p="$1" -v j="$2" 'BEGIN { d = p - j; exit !((d < 0 ? -d : d) <= 0.06 * j) }'; }
want=$(awk -v a="$ka" -v b="$kb" -v x="$ba" -v y="$bb" 'BEGIN {
    d = b - a; c = (d < 0 ? -d : d) > x + y
    printf "%.6f %.6f %+.6f%s", a, b, d, c ? " CHANGED" : "" }')
row=$(awk '$1 == "coin" && $2 == "toss" { $1 = $2 = ""; sub(/^ +/, ""); print }' "$tmp/diff.txt")
set -- $row
got="$1 $3 $5${7:+ $7}"
[ "$got" = "$want" ] && ok || no "diff coin toss: '$row', the solves say '$want'"
near "$2" "$ba" && near "$4" "$bb" && near "$6" "$(awk -v x="$ba" -v y="$bb" 'BEGIN { print x + y }')" && ok ||
    no "diff coin toss bounds: '$row', the solves say $ba, $bb"

# the win probability of a lead: every change beyond the bounds listed, with the solver's values
for left in 2 1; do
    for lead in -14 -7 -3 0 3 7 14; do
        set -- $(wp "$tmp/a.json" $left $lead) $(wp "$tmp/b.json" $left $lead)
        [ $# = 4 ] || { no "wp_by_lead has no $left left, lead $lead"; continue; }
        want=$(awk -v a="$1" -v x="$2" -v b="$3" -v y="$4" 'BEGIN { d = b - a
            if ((d < 0 ? -d : d) > x + y) printf "%.6f %.6f %+.6f", a, b, d }')
        got=$(awk -v l="$left" -v s="$lead" 'NF >= 10 && $2 == "left," && $1 == l && $4 + 0 == s { print $5, $7, $9 }' "$tmp/diff.txt")
        [ "$got" = "$want" ] && ok || no "diff at $left left, lead $lead: '$got', the solves say '$want'"
    done
done

# the first fourth-down change listed: each game's file gives that best choice there
line=$(grep -m1 '^    4th and' "$tmp/diff.txt")
head=$(grep -B40 -m1 '^    4th and' "$tmp/diff.txt" | grep 'left, lead' | tail -1)
left=$(echo "$head" | awk '{ print $1 }') lead=$(echo "$head" | awk '{ sub(/:$/, "", $4); print $4 + 0 }')
ytg=$(echo "$line" | awk '{ print $3 }') togo=$(echo "$line" | sed 's/.*togo \([0-9]*\).*/\1/')
from=$(echo "$line" | sed 's/^ *4th and *[0-9]* *\(.*\) -> .*/\1/' | tr ' ' _)
to=$(echo "$line" | sed 's/^[^>]*-> \([a-z ]*\):.*/\1/' | tr ' ' _)
for side in a:$from b:$to; do
    f=$tmp/game-game-tiny.pbv
    [ "${side%%:*}" = b ] && f=$tmp/game-game-tiny-$sw.pbv
    set -- --ruleset $rs
    [ "${side%%:*}" = b ] && set -- "$@" --switch $sw
    best=$("$bin" solve wp "$@" --half 2 --left "$left" --lead "$lead" --togo "$togo" --down 4 --ytg "$ytg" \
        --values "$f" --json | sed -n 's/.*"best":"\([a-z_]*\)".*/\1/p')
    [ "$best" = "${side#*:}" ] && ok ||
        no "fourth down ($left left, lead $lead, togo $togo, 4th and $ytg): side ${side%%:*} best '$best', listed '${side#*:}'"
done

# verify switches --game: the switch's row is B - A of the two solves, the bound their sum
"$bin" verify switches --game --ruleset $rs --lead-cap $cap --only F03-INC --no-progress > "$tmp/verify.txt" ||
    no "verify switches --game failed"
want=$(awk -v a="$ka" -v b="$kb" 'BEGIN { printf "%+.6f", b - a }')
set -- $(awk -v s="$sw" '$1 == s { print $2, $3 }' "$tmp/verify.txt")
[ "$1" = "$want" ] && near "$2" "$(awk -v x="$ba" -v y="$bb" 'BEGIN { print x + y }')" && ok ||
    no "verify switches --game row: '$1 $2', the solves say '$want', bound $ba + $bb"
base=$(awk -v a="$ka" -v x="$ba" 'BEGIN { printf "baseline: kicking first %.9f", a }')
grep -q "$base" "$tmp/verify.txt" && ok || no "verify switches --game: no '$base'"

# diff --game --cache DIR: the first run solves both games and writes their files there, the
# second reads them and prints the same report, byte for byte; a FIFO where a file goes is refused
c=$tmp/cache
"$bin" diff $rs $rs --switch $sw --game --lead-cap $cap --cache "$c" --no-progress > "$tmp/c1.txt" 2> "$tmp/c1.err"
[ $? = 1 ] && [ -f "$c/game-game-tiny.pbv" ] && [ -f "$c/game-game-tiny-$sw.pbv" ] && ok ||
    no "diff --game --cache: the first run did not write both files: $(cat "$tmp/c1.err")"
"$bin" diff $rs $rs --switch $sw --game --lead-cap $cap --cache "$c" --no-progress > "$tmp/c2.txt" 2> "$tmp/c2.err"
[ $? = 1 ] && cmp -s "$tmp/c1.txt" "$tmp/c2.txt" && ! grep -q solving "$tmp/c2.err" && ok ||
    no "diff --game --cache: the second run differs or solved again: $(cat "$tmp/c2.err")"
got=$(awk '$1 == "coin" && $2 == "toss" { print $3, $5, $7 }' "$tmp/c2.txt")
want=$(awk '$1 == "coin" && $2 == "toss" { print $3, $5, $7 }' "$tmp/diff.txt")
[ "$got" = "$want" ] && ok || no "diff --game --cache: coin toss '$got', solved '$want'"
mkdir "$tmp/fifo" && mkfifo "$tmp/fifo/game-game-tiny.pbv"
timeout 60 "$bin" diff $rs $rs --switch $sw --game --lead-cap $cap --cache "$tmp/fifo" --no-progress > /dev/null 2> "$tmp/f.err"
[ $? = 2 ] && [ -p "$tmp/fifo/game-game-tiny.pbv" ] && grep -q 'not a regular file' "$tmp/f.err" && ok ||
    no "diff --game --cache onto a FIFO: $(cat "$tmp/f.err")"

# verify switches --game --cache DIR: on the files the diff wrote it solves nothing and ranks the
# switch as the solving sweep did (the toss's change and bound: the kicks are kept whole); into a
# new directory it writes the baseline's and the alternative's files, and a second run prints the
# same bytes; a FIFO where a file goes is refused
"$bin" verify switches --game --ruleset $rs --lead-cap $cap --only F03-INC --cache "$c" --no-progress \
    > "$tmp/v1.txt" 2> "$tmp/v1.err" || no "verify --cache failed: $(cat "$tmp/v1.err")"
got=$(awk -v s="$sw" '$1 == s { print $2, $3 }' "$tmp/v1.txt")
want=$(awk -v s="$sw" '$1 == s { print $2, $3 }' "$tmp/verify.txt")
[ -n "$got" ] && [ "$got" = "$want" ] && ! grep -q solving "$tmp/v1.err" && ok ||
    no "verify --cache on the diff's files: row '$got', solved '$want'; $(cat "$tmp/v1.err")"
v=$tmp/vcache
"$bin" verify switches --game --ruleset $rs --lead-cap $cap --only F03-INC --cache "$v" --no-progress \
    > "$tmp/v2.txt" 2> /dev/null && [ -f "$v/game-game-tiny.pbv" ] && [ -f "$v/game-game-tiny-$sw.pbv" ] &&
    cmp -s "$tmp/v1.txt" "$tmp/v2.txt" && ok || no "verify --cache into a new directory: files or report"
touch -d '2000-01-01' "$v/game-game-tiny.pbv"
"$bin" verify switches --game --ruleset $rs --lead-cap $cap --only F03-INC --cache "$v" --no-progress \
    > "$tmp/v3.txt" 2> /dev/null && cmp -s "$tmp/v2.txt" "$tmp/v3.txt" &&
    [ "$(find "$v" -name game-game-tiny.pbv -newermt 2001-01-01)" = "" ] && ok ||
    no "verify --cache: a second run differs, or solved the baseline again"
mkdir "$tmp/vfifo" && mkfifo "$tmp/vfifo/game-game-tiny.pbv"
timeout 60 "$bin" verify switches --game --ruleset $rs --lead-cap $cap --only F03-INC --cache "$tmp/vfifo" \
    --no-progress > "$tmp/vf.txt" 2> "$tmp/vf.err"
[ $? = 2 ] && [ -p "$tmp/vfifo/game-game-tiny.pbv" ] && [ ! -s "$tmp/vf.txt" ] &&
    [ "$(wc -l < "$tmp/vf.err")" = 1 ] && grep -q 'not a regular file' "$tmp/vf.err" && ok ||
    no "verify --cache onto a FIFO: $(cat "$tmp/vf.err")"

echo "game_compare: $pass passed, $fail failed"
[ $fail = 0 ]
