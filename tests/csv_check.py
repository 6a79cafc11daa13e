#!/usr/bin/env python3
"""tests/csv_check.py FILE.csv...: every CSV the program writes reads in a spreadsheet's way.

Read with Python's csv module (an independent reader): row 1 is the header (no comment line
before it); the data rows that follow all have the header's width, up to the first empty row
(the notes come after it). For every column "NAME exact p" / "NAME exact": the fraction is
reduced and an integer is written without "/1"; the column NAME beside it is the same value
(100 times it for "exact p", a percentage), correctly rounded half to even to 17 significant
digits, recomputed here with Python's decimal module from the fraction. Options:
  --expect FILE:COLUMN:ROWKEY=VALUE:FRACTION   the row whose first column is ROWKEY holds exactly
                                               FRACTION in COLUMN (a known value: 17/18, 11/12)
  --floats                                      every data field after the first `--key` columns
                                               parses as a number (the solvers' CSVs)"""
import csv
import sys
from decimal import Decimal, Context, ROUND_HALF_EVEN
from fractions import Fraction

fails = []


def fail(msg):
    fails.append(msg)


def sig17(q):
    """q correctly rounded half to even to 17 significant digits, trailing zeros dropped."""
    if q == 0:
        return "0"
    ctx = Context(prec=17, rounding=ROUND_HALF_EVEN)
    d = ctx.divide(Decimal(q.numerator), Decimal(q.denominator))
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def read(path):
    """The tables of a file: [(header, data rows)]. A file holds one table, or (a game's
    `table --format csv`, every table) several: header, rows, empty row, notes, empty row, the
    next header ..."""
    with open(path, newline="", encoding="utf-8") as f:
        text = f.read()
    if text.startswith("#"):
        fail(f"{path}: starts with a comment line, not the header")
    rows = list(csv.reader(text.splitlines()))
    sections, cur = [], []
    for r in rows:
        if r:
            cur.append(r)
        elif cur:
            sections.append(cur)
            cur = []
    if cur:
        sections.append(cur)
    if not sections:
        fail(f"{path}: no header row")
        return []
    return [(s[0], s[1:]) for s in sections[0::2]]


def check_exact(path, header, data):
    n = 0
    for c, name in enumerate(header):
        for suffix, scale in ((" exact p", 100), (" exact", 1)):
            if name.endswith(suffix):
                base = name[: -len(suffix)]
                if c == 0 or header[c - 1] != base:
                    fail(f"{path}: column '{name}' is not beside '{base}'")
                    break
                for r in data:
                    if len(r) != len(header):
                        continue
                    f, v = r[c], r[c - 1]
                    if f == "":
                        continue
                    q = Fraction(f)
                    if ("/" in f) != (q.denominator != 1) or f != str(q):
                        fail(f"{path}: '{f}' in '{name}' is not the reduced fraction '{q}'")
                    want = sig17(q * scale)
                    if v != want:
                        fail(f"{path}: '{base}' is '{v}', the fraction {f} (x{scale}) to 17 digits is '{want}'")
                    n += 1
                break
    return n


def main(argv):
    expects, floats, files = [], None, []
    i = 0
    while i < len(argv):
        if argv[i] == "--expect":
            expects.append(argv[i + 1])
            i += 2
        elif argv[i] == "--floats":
            floats = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    cells = 0
    tables = {}
    for path in files:
        parts = read(path)
        if not parts:
            continue
        tables[path] = parts[0]
        for header, data in parts:
            for k, r in enumerate(data):
                if len(r) != len(header):
                    fail(f"{path}: data row {k + 2} has {len(r)} fields, the header {len(header)}")
            cells += check_exact(path, header, data)
        header, data = parts[0]
        if floats is not None:
            for r in data:
                for v in r[floats:]:
                    if v != "":
                        try:
                            float(v)
                        except ValueError:
                            fail(f"{path}: '{v}' is not a number")
                        if len(v.replace("-", "").replace(".", "").lstrip("0")) > 17 and "e" not in v:
                            fail(f"{path}: '{v}' has more than 17 significant digits")
    for e in expects:
        path, col, rest = e.split(":", 2)
        key, frac = rest.rsplit("=", 1)
        header, data = tables.get(path, ([], []))
        if col not in header:
            fail(f"{path}: no column '{col}' (header: {header})")
            continue
        c = header.index(col)
        rows = [r for r in data if r and r[0] == key]
        if not rows:
            fail(f"{path}: no row '{key}'")
        elif Fraction(rows[0][c]) != Fraction(frac) or rows[0][c] != frac:
            fail(f"{path}: row '{key}' column '{col}' is '{rows[0][c]}', expected exactly {frac}")
        else:
            cells += 1
    for m in fails[:20]:
        print("FAIL csv: " + m)
    if len(fails) > 20:
        print(f"FAIL csv: ... and {len(fails) - 20} more")
    print(f"csv: {len(files)} files, {cells} exact values checked, {len(fails)} failures")
    return 1 if fails or not files else 0


sys.exit(main(sys.argv[1:]))
