#!/bin/sh
# tests/tune.sh BIN: `paperbowl tune` against `ask` by an independent path, and doc/tune.md's
# worked examples as written.
#   - rows equal ask: for a sample of keys and values, the ruleset edited by hand (`rules show`,
#     the key's line changed with awk under its [section]) and asked with `ask --ruleset FILE
#     --json`; the answer's fraction must be the tune's row's, in the tune's --json.
#   - game level: the value files in the cache (one per edited ruleset), the second run read
#     from them with the same output, and each row the WP that `ask --values FILE` reads for the
#     ruleset edited by hand;
#   - doc/tune.md: every `$ bin/paperbowl ...` transcript prints exactly what the page shows
#     (tests/readme.sh with README=doc/tune.md).
bin=${1:-bin/paperbowl}
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
case "$bin" in /*) ;; *) bin=$root/$bin ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM
fail=0 pass=0
bad() { echo "FAIL tune: $*"; fail=$((fail + 1)); }

# edited SECTION KEY VALUE > FILE: the default ruleset with one line changed
edited() {
    "$bin" rules show | awk -v sec="[$1]" -v key="$2" -v val="$3" '
        /^\[/ { in_sec = ($0 == sec) }
        in_sec && index($0, key " = ") == 1 { print key " = " val; next }
        { print }'
}
# value_of JSON_ROW_TEXT: the "value" of the first object
value_of() { sed -n 's/.*"value":"\([^"]*\)".*/\1/p'; }

check_rows() {   # check_rows SECTION KEY VALUES TARGET (VALUES: comma-separated)
    sec=$1 key=$2 values=$3 target=$4
    "$bin" tune --vary "$sec.$key=$values" --target "$target" --json > "$tmp/tune.json" 2>&1 ||
        { bad "tune --vary '$sec.$key=$values' --target '$target' failed: $(head -3 "$tmp/tune.json")"; return; }
    # one row a line
    sed 's/},{"set"/}\n{"set"/g' "$tmp/tune.json" | sed -n '/"rows"/,$p' > "$tmp/rows"
    old_ifs=$IFS; IFS=,
    i=0
    for v in $values; do
        IFS=$old_ifs
        i=$((i + 1))
        edited "$sec" "$key" "$v" > "$tmp/edited.ini"
        grep -qx "$key = $v" "$tmp/edited.ini" || { bad "the edit of [$sec] $key = $v did not happen"; continue; }
        want=$("$bin" ask --ruleset "$tmp/edited.ini" --json "$target" | sed -n 's/.*"answer":\[{"value":"\([^"]*\)".*/\1/p')
        got=$(sed -n "${i}p" "$tmp/rows" | value_of)
        if [ -z "$want" ] || [ "$want" != "$got" ]; then bad "$sec.$key=$v, '$target': tune $got, ask --ruleset EDITED $want"
        else pass=$((pass + 1)); fi
        IFS=,
    done
    IFS=$old_ifs
}
check_rows pat kick_at_least 2,4,7,12 'P(success) kick=pat'
check_rows 'defense 3' run 0,3,6 'P(first_down or td) offense=run defense=3 togo=40'
check_rows field_goal within_30 '1,1 2 3,-' 'P(success) kick=fg togo=28'
check_rows kickoff base 40,55 'E(start) kick=kickoff'
check_rows pass long_multiplier 1,3 'E(yards) offense=long defense=2 togo=70 card=none'
echo "tune: $pass rows equal ask --ruleset EDITED, $fail failed"

# game level: one value file per edited ruleset in the cache folder, read again the second time:
# the same output; the rows are those of 'ask' of the value file
game="--ruleset tests/data/game_tiny.ini --vary kickoff.base=40,60 --target 'WP half=1 left=2 lead=0 kick=kickoff' --game --lead-cap 2 --cache $tmp/cache"
(cd "$root" && eval "\"$bin\" tune $game --json") > "$tmp/game1" 2>&1 || bad "tune --game failed: $(head -3 "$tmp/game1")"
n=$(ls "$tmp/cache" | grep -c '^tune-game-tiny-[0-9a-f]*\.pbv$')
[ "$n" = 2 ] && pass=$((pass + 1)) || bad "tune --game: $n value files in the cache, want 2"
(cd "$root" && eval "\"$bin\" tune $game --json") > "$tmp/game2" 2>&1
cmp -s "$tmp/game1" "$tmp/game2" && pass=$((pass + 1)) || bad "tune --game: the cached run prints otherwise"
i=0
for v in 40 60; do
    i=$((i + 1))
    "$bin" rules show --ruleset "$root/tests/data/game_tiny.ini" | awk -v v="$v" '
        /^\[/ { s = ($0 == "[kickoff]") } s && /^base = / { print "base = " v; next } { print }' > "$tmp/g$v.ini"
    want=""
    for f in "$tmp"/cache/*.pbv; do
        w=$("$bin" ask --ruleset "$tmp/g$v.ini" --values "$f" --json 'WP half=1 left=2 lead=0 kick=kickoff' 2>/dev/null |
            sed -n 's/.*"wp":\([-0-9.e]*\).*/\1/p')
        [ -n "$w" ] && want=$w
    done
    got=$(sed 's/},{"set"/}\n{"set"/g' "$tmp/game1" | sed -n '/"rows"/,$p' | sed -n "${i}p" | sed -n 's/.*"value":\([-0-9.e]*\).*/\1/p')
    if [ -n "$want" ] && awk -v a="$want" -v b="$got" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }'; then
        pass=$((pass + 1))
    else
        bad "tune --game, kickoff.base=$v: tune $got, ask of its value file ${want:-(no file of that ruleset)}"
    fi
done
echo "tune: $pass checks passed, $fail failed"

README=$root/doc/tune.md sh "$root/tests/readme.sh" "$bin" || fail=$((fail + 1))
[ $fail = 0 ]
