#!/usr/bin/env python3
"""tests/rulebook_values.py EDITION.txt CSVDIR: every number of the rulebook edition that the
analysis tables also give equals their exact value. Reads the edition's text (tables --edition
rulebook) and the analysis tables' CSV (tables --format csv: fg, pat, two-point, card-td-togo50,
card-first-down-togo50, card-turnover-togo50) and checks, with Python's own exact fractions and
rounding (an independent path to the C code's):
  - the field goal: each band's fraction equals the exact P(good) of every distance in the band;
  - the PAT; the two-point conversion, offense x defense;
  - at midfield, the touchdown, first-down and turnover rows of each offense against Defense 1-5
    equal the deck row of the card tables;
  - every printed percentage is the exact value rounded half to even at the edition's digits, with
    the end cases: an exact 0 is the dash, a possible value that rounds to 0 is "< 0.1 %".
Exit 0 when all agree, 1 naming each difference."""
import csv
import re
import sys
from fractions import Fraction

DASH = "\u2014"


def csv_rows(path):
    """The header and the data rows: the CSV's rows up to the empty line before its notes."""
    rows = []
    for r in csv.reader(open(path, encoding="utf-8", newline="")):
        if not r:
            break
        rows.append(r)
    return rows[0], rows[1:]


def exact(text):
    return Fraction(text) if "/" in text else Fraction(int(text))


def exact_cols(header):
    return [i for i, h in enumerate(header) if h.endswith(" exact p") or h.endswith(" exact")]


def percent_text(q, digits):
    """100 q rounded half to even at `digits` places, as the edition prints it (numfmt.h)."""
    if q == 0:
        return DASH
    if q == 1:
        return "100 %"
    scaled = q * 100 * 10 ** digits
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    s = str(n).rjust(digits + 1, "0")
    s = s if digits == 0 else s[:-digits] + "." + s[-digits:]
    if n == 0:
        return "< " + ("1" if digits == 0 else "0." + "0" * (digits - 1) + "1") + " %"
    if n >= 100 * 10 ** digits:
        return "> " + ("99" if digits == 0 else "99." + "9" * digits) + " %"
    return s + " %"


def cell_text(q, digits):
    """The edition's cell: the fraction where its denominator is short, and the percentage."""
    if q in (0, 1):
        return percent_text(q, digits)
    if q.denominator <= 36 or (q.denominator <= 216 and 216 % q.denominator == 0):
        return "%d/%d (%s)" % (q.numerator, q.denominator, percent_text(q, digits))
    return percent_text(q, digits)


def tables(path):
    """The edition's text as {title: [rows as cell lists]} (cells split at two or more spaces)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = {}, 0
    while i < len(lines):
        if i + 2 < len(lines) and lines[i] and lines[i + 1] == "" and i > 0 and lines[i - 1] == "":
            title, rows, j = lines[i], [], i + 2
            while j < len(lines) and not lines[j].startswith("---"):
                j += 1
            j += 1
            while j < len(lines) and (lines[j] == "" or re.search(r"\S\s{2,}\S", lines[j])):
                if lines[j]:
                    rows.append(re.split(r"\s{2,}", lines[j].strip()))
                j += 1
            out[title] = rows
            i = j
        else:
            i += 1
    return out


def main():
    txt, csvdir = sys.argv[1], sys.argv[2]
    m = re.search(r"(\d+)/(\d+) \((\d+)(\.(\d+))? %\)", open(txt, encoding="utf-8").read().split("\n")[1])
    digits = len(m.group(5) or "") if m else 1
    t = tables(txt)
    bad = []
    checked = 0

    def expect(what, got, q):
        nonlocal checked
        checked += 1
        want = cell_text(q, digits)
        if got != want:
            bad.append("%s: the edition prints %r, the analysis tables' exact %s gives %r" % (what, got, q, want))

    def table(start):
        for title, rows in t.items():
            if title.startswith(start):
                return rows
        bad.append("no table titled %r in %s" % (start, txt))
        return []

    ja = "フィールド・ゴール" in t
    # the field goal by bands
    header, rows = csv_rows(csvdir + "/fg.csv")
    col = exact_cols(header)[0]
    fg = {int(r[0]): exact(r[col]) for r in rows}
    for r in table("フィールド・ゴール" if ja else "Field goal"):
        lo, hi = map(int, re.match(r"(\d+)\D+(\d+)", r[0]).groups())
        for togo in range(lo, hi + 1):
            expect("fg %d yards (band %s)" % (togo, r[0]), r[-1], fg[togo])
    # the PAT
    header, rows = csv_rows(csvdir + "/pat.csv")
    pat = exact(rows[0][exact_cols(header)[0]])
    expect("pat", table("ポイント・アフター" if ja else "Point after")[0][-1], pat)
    # the two-point conversion
    header, rows = csv_rows(csvdir + "/two-point.csv")
    cols = exact_cols(header)
    mine = table("ツー・ポイント・コンバージョン" if ja else "Two-point conversion")
    for o, r in enumerate(rows):
        for k, c in enumerate(cols):
            expect("two-point offense %d defense %d" % (o, k + 1), mine[o][-5 + k], exact(r[c]))
    # midfield, deck average: touchdown, first down, turnover
    names = {"td": ("タッチダウン", "Touchdown"), "first-down": ("ファースト・ダウン", "First down"),
             "turnover": ("ターンオーバー", "Turnover")}
    mid = table("オフェンス対ディフェンス：50 yard地点" if ja else "Offense against defense: 1st and 10, ball on midfield")
    for stat, label in names.items():
        header, rows = csv_rows(csvdir + "/card-%s-togo50.csv" % stat)
        deck = [r for r in rows if r[0].startswith("deck")][0]
        cols = exact_cols(header)
        mine = [r for r in mid if label[0 if ja else 1] in r]
        if len(mine) != 3:
            bad.append("midfield: %d rows of %s, not 3" % (len(mine), stat))
            continue
        for o in range(3):
            for k in range(5):
                expect("midfield %s offense %d defense %d" % (stat, o, k + 1), mine[o][-5 + k],
                       exact(deck[cols[o * 5 + k]]))
    for b in bad:
        print("FAIL rulebook values:", b)
    print("rulebook values: %d numbers of %s checked against the analysis tables, %d differ" % (checked, txt, len(bad)))
    sys.exit(1 if bad or checked < 100 else 0)


main()
