#!/bin/sh
# tests/rulings.sh BIN: every ruling in tests/data/rulings.txt, through `paperbowl roll`.
# A case is one line: ARGUMENTS => EXPECTED [&& EXPECTED ...]; each EXPECTED is a fixed
# string that must appear in the ruling (e.g. "outcome: gain 3", "first down").
# Lines starting with # are comments: say where the ruling comes from and derive it.
bin=${1:-bin/paperbowl}
pass=0; fail=0; n=0
while IFS= read -r line; do
    n=$((n+1))
    case "$line" in ''|'#'*) continue ;; esac
    args=${line%%=>*}
    expect=${line#*=>}
    out=$(eval "\"$bin\" roll $args" 2>&1)
    ok=1
    rest="$expect&&"
    while [ -n "$rest" ]; do
        want=${rest%%&&*}
        rest=${rest#*&&}
        want=$(printf '%s' "$want" | sed 's/^ *//; s/ *$//')
        [ -z "$want" ] && continue
        printf '%s\n' "$out" | grep -qF -- "$want" || { ok=0; echo "FAIL rulings.txt:$n: missing '$want'"; }
    done
    if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "  roll $args"; printf '%s\n' "$out" | sed 's/^/  | /'; fi
done < tests/data/rulings.txt
echo "rulings: $pass passed, $fail failed"
[ $fail = 0 ]
