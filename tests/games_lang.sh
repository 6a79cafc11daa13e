#!/bin/sh
# tests/games_lang.sh BIN: the other games' tables in Japanese. For every table of soccer,
# carriers and cardgame, `GAME table --only ID --lang ja` against `--lang en`, in each format:
#   - the numbers are the same: in the CSV every cell that is a number (a rounded value, its exact
#     fraction, a count) in English is the same text in Japanese, at the same row and column, and
#     the tables have the same shape; in Markdown and LaTeX the same, cell by cell; in the text
#     table the numbers that end each data row (as many as both languages end it with);
#   - the words are not: every heading differs from the English one (but a symbol: L, k, P, T4),
#     and no English word is left in the Japanese text table (the switch readings, ruleset names
#     and the few terms the rulebooks write in Latin letters, CSV, PK, TACTICS, excepted);
#   - one table of each game shows its rulebook title and a row label as expected (po/ja.po).
# The default stays English: `GAME table` without --lang prints what --lang en prints.
bin=${1:-bin/paperbowl}
command -v python3 >/dev/null 2>&1 || { echo "games_lang: python3 not found (Debian: apt-get install python3)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
ids_soccer="shot-grounder shot-keeper shot-lob pass-grounder pass-lob inside charge pk shootout"
ids_carriers="intercept-zones intercept-straight intercept-charts rolls injury"
ids_cardgame="suit-count deal shared follow sketch kick"
for game in soccer carriers cardgame; do
    eval "ids=\$ids_$game"
    for id in $ids; do
        for f in txt md csv tex; do
            for l in en ja; do
                "$bin" $game table --only $id --format $f --lang $l > "$tmp/$game.$id.$l.$f" 2>&1 ||
                    { echo "FAIL games_lang: '$game table --only $id --format $f --lang $l' failed"; fail=1; }
            done
        done
    done
    "$bin" $game table > "$tmp/$game.default.txt" 2>&1
    (for id in $ids; do cat "$tmp/$game.$id.en.txt"; echo; done) | sed '$d' > "$tmp/$game.all-en.txt"
    cmp -s "$tmp/$game.default.txt" "$tmp/$game.all-en.txt" ||
        { echo "FAIL games_lang: '$game table' without --lang is not --lang en's"; fail=1; }
done
python3 - "$tmp" <<'EOF' || fail=1
import csv, glob, io, os, re, sys
tmp = sys.argv[1]
NUM = re.compile(r'^-?[0-9]+(\.[0-9]+)?(/[0-9]+)?$')
fails = []
compared = 0

def fail(msg):
    fails.append(msg)

def csv_rows(path):   # the data rows: the header first, up to the empty line before the notes
    rows = []
    for r in csv.reader(open(path, encoding='utf-8')):
        if not r:
            break
        rows.append(r)
    return rows

def same_numbers(what, en, ja):   # en, ja: lists of rows of cells
    global compared
    if len(en) != len(ja) or any(len(a) != len(b) for a, b in zip(en, ja)):
        fail('%s: not the same shape in Japanese (%d rows) as in English (%d)' % (what, len(ja), len(en)))
        return
    for r, (a, b) in enumerate(zip(en, ja)):
        for c, (x, y) in enumerate(zip(a, b)):
            x, y = x.strip(), y.strip()
            if NUM.match(x):
                compared += 1
                if x != y:
                    fail('%s: row %d column %d is %r in Japanese, %r in English' % (what, r, c, y, x))

# symbols, not words: the same in both languages
SYMBOLS = {'L', 'k', 'P', 'T4', 'T5', 'A', 'B', 'C', 'D'}
for en_csv in sorted(glob.glob(os.path.join(tmp, '*.en.csv'))):
    stem = en_csv[:-len('.en.csv')]
    name = os.path.basename(stem)
    en, ja = csv_rows(en_csv), csv_rows(stem + '.ja.csv')
    same_numbers(name + ' (csv)', en[1:], ja[1:])
    for x, y in zip(en[0], ja[0]):
        base = x[:-len(' exact p')] if x.endswith(' exact p') else x
        if x == y and base not in SYMBOLS and not base.startswith('N='):
            fail('%s (csv): the heading %r is English under --lang ja' % (name, x))
    # Markdown: the rows of the pipe table
    md = lambda p: [l.strip().strip('|').split('|') for l in open(p, encoding='utf-8') if l.startswith('|')]
    same_numbers(name + ' (md)', md(stem + '.en.md'), md(stem + '.ja.md'))
    # LaTeX: the rows of the tabular
    def tex(p):
        rows = []
        for l in open(p, encoding='utf-8'):
            if '&' in l and l.rstrip().endswith('\\\\'):
                rows.append(l.rstrip()[:-2].split('&'))
        return rows
    same_numbers(name + ' (tex)', tex(stem + '.en.tex'), tex(stem + '.ja.tex'))
    # the text table: the numbers that end each data row (after the full rule under the headings)
    def txt_tail(p):
        lines = open(p, encoding='utf-8').read().split('\n')
        rule = next(i for i, l in enumerate(lines) if l and set(l) == {'-'} and i > 2)
        rows = []
        for l in lines[rule + 1:]:
            if not l:
                break
            if set(l) == {'-'}:
                continue
            toks = l.split()
            tail = []
            while toks and (NUM.match(toks[-1]) or toks[-1] == '-'):
                tail.insert(0, toks.pop())
            rows.append(tail)
        return rows
    a, b = txt_tail(stem + '.en.txt'), txt_tail(stem + '.ja.txt')
    # (a label may end in a number in one language only: "5/6, then 2/3"; the shorter run counts)
    if len(a) != len(b):
        fail('%s (txt): %d rows in Japanese, %d in English' % (name, len(b), len(a)))
    for r, (x, y) in enumerate(zip(a, b)):
        k = min(len(x), len(y))
        compared += k
        if (x or y) and (k == 0 or x[-k:] != y[-k:]):
            fail('%s (txt): row %d ends in %s in Japanese, %s in English' % (name, r, y, x))
    # no English word left in the Japanese text table (ids, readings and Latin terms excepted)
    text = open(stem + '.ja.txt', encoding='utf-8').read()
    text = re.sub(r'[A-Za-z0-9_]+ = [^,、。]+', ' ', text)             # the switches and their readings
    text = re.sub(r"'paperbowl [^']*'", ' ', text)                     # a command to type
    for w in re.findall(r'[A-Za-z][A-Za-z_-]{2,}', text):
        if w not in {'CSV', 'PK', 'PST', 'TACTICS', 'tactics', 'carriers', 'cardgame', 'onside_max',
                     'after', 'before', 'counts', 'td-only'}:
            fail('%s (txt): an English word under --lang ja: %r' % (name, w))

expect = {
    'soccer.charge': ['チャージ:チャージした選手がボールを奪う確率(%)', 'ペナルティエリア内のゴールキーパー'],
    'carriers.rolls': ['その他の判定(%)', '同点決着:先に振った側の勝ち(偶奇が一致)'],
    'cardgame.deal': ['配札(%)', 'チームが1を少なくとも1枚持つ'],
}
for stem, words in expect.items():
    for f in ('txt', 'md', 'csv', 'tex'):
        text = open(os.path.join(tmp, '%s.ja.%s' % (stem, f)), encoding='utf-8').read()
        for w in words:
            if w.replace('%', '\\%' if f == 'tex' else '%') not in text:
                fail('%s (%s): %r not in the Japanese table' % (stem, f, w))
for m in fails[:40]:
    print('FAIL games_lang: ' + m)
if not compared:
    fail('no number compared')
    print('FAIL games_lang: no number compared')
print('games_lang: %d numbers compared, %d failures' % (compared, len(fails)))
sys.exit(1 if fails else 0)
EOF
[ $fail = 0 ] && echo "games_lang: the three games' tables in Japanese, the numbers as in English"
exit $fail
