#!/bin/sh
# tests/rulebook.sh BIN DIR [--update | --self-test]: the rulebook edition (tables --edition
# rulebook). For each embedded edition, v1.11-ja (in Japanese, its default language) and v1.11-en
# (in English):
#   - its text and LaTeX (DIR/RULESET/rulebook-LANG.txt, .tex) are compared byte for byte with the
#     golden copies in tests/golden-rulebook/RULESET/ (--update rewrites them from the build: then
#     review `git diff tests/golden-rulebook`; `make golden-rulebook-update`);
#   - the same bytes with --threads 1;
#   - every fragment (rulebook-LANG/ID.tex) is in the document word for word, one per table;
#   - its numbers equal the analysis tables' exact values (tests/rulebook_values.py against
#     `tables --format csv`).
# Then a small game (tests/data/game_tiny.ini) is solved and three cells of the edition's 4th-down
# chart, by win probability, are compared with `solve wp` (left out under SAN=1: minutes).
# --self-test: a number planted wrong in a copy of the edition (a field-goal band's percentage, a
# midfield touchdown's) must be caught by the values check.
bin=${1:-bin/paperbowl}
dir=${2:-build/rulebook}
mode=${3:-}
cd "$(dirname "$0")/.." || exit 2
fail=0 pass=0
bad() { echo "FAIL rulebook: $*"; fail=$((fail + 1)); }
ids="fg,pat,two-point,card-td-togo50,card-first-down-togo50,card-turnover-togo50"
for spec in v1.11-ja:ja v1.11-en:en; do
    rules=${spec%:*} lang=${spec#*:}
    out=$dir/$rules
    rm -rf "$out"
    mkdir -p "$out"
    "$bin" tables --edition rulebook --ruleset "$rules" --out "$out" --quiet > /dev/null ||
        { bad "$rules: tables --edition rulebook failed"; continue; }
    [ -f "$out/rulebook-$lang.txt" ] || { bad "$rules: no rulebook-$lang.txt (the default language is not $lang)"; continue; }
    if [ "$mode" = --self-test ]; then
        "$bin" tables --ruleset "$rules" --only "$ids" --format csv --lang en --out "$out/csv" --quiet > /dev/null || exit 2
        for plant in fg midfield; do
            python3 - "$plant" "$out/rulebook-$lang.txt" "$out/planted.txt" <<'PY'
import re, sys
what, src, dst = sys.argv[1:]
text = open(src, encoding="utf-8").read()
if what == "fg":   # a field-goal band's percentage one step off
    at = text.index("17/18 (94.4 %)", text.index("\n\n"))   # in the table, not the legend above it
    text = text[:at] + "17/18 (94.5 %)" + text[at + len("17/18 (94.4 %)"):]
else:              # the last touchdown cell of the midfield table, 0.1 higher
    head = text.index("ball on midfield" if "ball on midfield" in text else "50 yard地点、")
    line = re.compile(r"^(.*(Touchdown|タッチダウン).*  )(\d+)\.(\d) %$", re.M).search(text, head)
    cell = "%s.%d %%" % (line.group(3), (int(line.group(4)) + 1) % 10)
    text = text[:line.start()] + line.group(1) + cell + text[line.end():]
open(dst, "w", encoding="utf-8").write(text)
PY
            cmp -s "$out/planted.txt" "$out/rulebook-$lang.txt" && { bad "$rules: the $plant plant changed nothing"; continue; }
            if python3 tests/rulebook_values.py "$out/planted.txt" "$out/csv" > "$out/planted.out"; then
                bad "$rules: a number planted wrong ($plant) passed the values check"
            else
                pass=$((pass + 1))
            fi
        done
        continue
    fi
    for ext in txt tex; do
        new=$out/rulebook-$lang.$ext old=tests/golden-rulebook/$rules/rulebook-$lang.$ext
        if [ "$mode" = --update ]; then
            mkdir -p "$(dirname "$old")" && cp "$new" "$old" && pass=$((pass + 1))
        elif [ ! -f "$old" ]; then
            bad "$old: no committed copy (make golden-rulebook-update)"
        elif cmp -s "$old" "$new"; then
            pass=$((pass + 1))
        else
            bad "$new differs from $old:"
            diff -u "$old" "$new" | head -20
        fi
    done
    [ "$mode" = --update ] && continue
    # the same bytes on one thread as on all of them
    "$bin" tables --edition rulebook --ruleset "$rules" --threads 1 --out "$out/one" --quiet > /dev/null &&
        cmp -s "$out/one/rulebook-$lang.tex" "$out/rulebook-$lang.tex" && pass=$((pass + 1)) ||
        bad "$rules: the edition on 1 thread differs from the edition on all"
    n=0
    for frag in "$out/rulebook-$lang"/*.tex; do
        n=$((n + 1))
        python3 -c 'import sys; sys.exit(0 if open(sys.argv[1], encoding="utf-8").read() in open(sys.argv[2], encoding="utf-8").read() else 1)' \
            "$frag" "$out/rulebook-$lang.tex" || bad "$frag is not in rulebook-$lang.tex word for word"
    done
    tables=$(grep -c '^\\begin{minipage}' "$out/rulebook-$lang.tex")
    [ "$n" = "$tables" ] && [ "$n" -ge 13 ] || bad "$rules: $n fragments for $tables tables"
    "$bin" tables --ruleset "$rules" --only "$ids" --format csv --lang en --out "$out/csv" --quiet > /dev/null ||
        { bad "$rules: tables --format csv failed"; continue; }
    python3 tests/rulebook_values.py "$out/rulebook-$lang.txt" "$out/csv" && pass=$((pass + 1)) || fail=$((fail + 1))
done
# the charts by win probability: a small game solved with every state kept, the edition read from
# its value file; three cells of the 4th-down chart against `solve wp`'s best call there
if [ -z "$mode" ] && [ "${SAN:-}" != 1 ]; then
    g=$dir/game
    rm -rf "$g"
    mkdir -p "$g"
    if "$bin" solve game --ruleset tests/data/game_tiny.ini --full --output "$g" > "$g/solve.out" 2>&1 &&
        "$bin" tables --edition rulebook --ruleset tests/data/game_tiny.ini --values "$g/game-game-tiny.pbv" \
            --lang en --out "$g" --quiet > /dev/null; then
        grep -q 'By win probability from the game solver' "$g/rulebook-en.txt" || bad "game-tiny: the 4th-down chart is not by win probability"
        left=$(sed -n 's/.*play cards left: \([0-9]*\),.*/\1/p' "$g/rulebook-en.txt")
        for cell in "own 30:70:3:3" "opp. 35:35:7:6" "opp. 45:45:1:2"; do
            label=${cell%%:*} rest=${cell#*:}
            togo=${rest%%:*} rest=${rest#*:} ytg=${rest%%:*} col=${rest#*:}
            mine=$(sed -n '/^The 4th-down chart/,/^The call/p' "$g/rulebook-en.txt" | grep "^$label " |
                awk -v c="$col" '{ n = split($0, f, / +/); print f[n - 8 + c] }')
            best=$("$bin" solve wp --ruleset tests/data/game_tiny.ini --values "$g/game-game-tiny.pbv" --half 2 \
                --left "$left" --lead 0 --togo "$togo" --down 4 --ytg "$ytg" 2>&1 | sed -n 's/^best: \([a-z_]*\).*/\1/p')
            case $best in field_goal) best=FG ;; esac
            [ -n "$mine" ] && [ "$mine" = "$best" ] && pass=$((pass + 1)) ||
                bad "game-tiny 4th down at togo $togo, $ytg to gain: the chart says '$mine', solve wp '$best'"
        done
    else
        bad "game-tiny: solving or the edition from its value file failed: $(tail -3 "$g/solve.out")"
    fi
fi
case $mode in
--update) echo "rulebook: $pass golden files updated in tests/golden-rulebook (review: git diff tests/golden-rulebook)" ;;
--self-test) echo "rulebook self-test: $pass planted errors caught, $fail not" ;;
*) echo "rulebook: $pass checks passed, $fail failed" ;;
esac
[ $fail = 0 ] && [ $pass -gt 0 ]
