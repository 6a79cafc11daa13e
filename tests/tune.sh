#!/bin/sh
# tests/tune.sh BIN: `paperbowl tune` against `ask` by an independent path, and doc/tune.md's
# worked examples as written.
#   - rows equal ask: for a sample of keys and values, the ruleset edited by hand (`rules show`,
#     the key's line changed with awk under its [section]) and asked with `ask --ruleset FILE
#     --json`; the answer's fraction must be the tune's row's, in the tune's --json.
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

README=$root/doc/tune.md sh "$root/tests/readme.sh" "$bin" || fail=$((fail + 1))
[ $fail = 0 ]
