#!/usr/bin/env python3
# tools/coach_mixes.py [BIN]: the play-call mixes of strategies/coach.ini, recomputed.
#
# For each situation bucket it builds the 3 x 5 payoff matrix of the one-play game (offense
# run/short/long against Defense 1-5, the play card drawn from the deck, each 1/24) from the
# exact distributions of `paperbowl dist --json`, and solves it for the minimax mixes by
# fictitious play (30,000 rounds; exact enough for mixes rounded to 5 % steps). Payoffs:
#   1st and 2nd down:      expected yards, touchdown = togo + 7, turnover = -45, safety = -30
#   3rd and 4th down:      P(first down or touchdown)
#   goal to go inside 10:  P(touchdown)
# Prints `WHEN = MIX` lines for [offense] and [defense]; the game value is in a comment.
# A few seconds (about 250 exact distributions). Python 3, standard library only.
import json
import subprocess
import sys
from fractions import Fraction

BIN = sys.argv[1] if len(sys.argv) > 1 else "bin/paperbowl"
OFFENSE = ["run", "short", "long"]
cache = {}


def dist(off, d, togo, ytg):
    key = (off, d, togo, ytg)
    if key not in cache:
        out = subprocess.run([BIN, "dist", "--offense", off, "--defense", str(d), "--card", "deck", "--togo",
                              str(togo), "--ytg", str(ytg), "--json"], capture_output=True, text=True, check=True)
        cache[key] = json.loads(out.stdout)
    return cache[key]


def yards(o, togo):
    v = Fraction(0)
    for e in o["outcomes"]:
        p, k, y = Fraction(e["p"]), e["result"], e.get("yards", 0)
        if k in ("gain", "sack", "penalty"):
            v += p * y
        elif k == "touchdown":
            v += p * (togo + 7)
        elif k == "turnover":
            v -= p * 45
        elif k == "turnover_td":
            v -= p * 70
        elif k == "safety":
            v -= p * 30
    return float(v)


def convert(o, togo):
    s = o["summary"]
    return float(Fraction(s["first_down"]) + Fraction(s["td"]))


def touchdown(o, togo):
    return float(Fraction(o["summary"]["td"]))


def solve(m, rounds=30000):
    """Fictitious play for the zero-sum game m (rows maximize): the empirical mixes."""
    rows, cols = len(m), len(m[0])
    rc, cc, rs, cs = [0] * rows, [0] * cols, [0.0] * rows, [0.0] * cols
    for _ in range(rounds):
        i = max(range(rows), key=lambda i: rs[i])
        j = min(range(cols), key=lambda j: cs[j])
        rc[i] += 1
        cc[j] += 1
        for jj in range(cols):
            cs[jj] += m[i][jj]
        for ii in range(rows):
            rs[ii] += m[ii][j]
    n = float(rounds)
    value = sum(rc[i] * cc[j] * m[i][j] for i in range(rows) for j in range(cols)) / n / n
    return [x / n for x in rc], [x / n for x in cc], value


def mix(names, p):
    w = [round(x * 20) for x in p]
    if sum(w) == 0:
        w = [1 if x == max(p) else 0 for x in p]
    return ", ".join(f"{n} {x}" for n, x in zip(names, w) if x > 0)


def bucket(when, togo, ytg, metric, lines):
    m = [[metric(dist(o, d, togo, ytg), togo) for d in range(1, 6)] for o in OFFENSE]
    r, c, v = solve(m)
    lines[0].append(f"{when} = {mix(OFFENSE, r)}   ; value {v:.3f}")
    lines[1].append(f"{when} = {mix([f'd{i}' for i in range(1, 6)], c)}")


def main():
    lines = ([], [])
    bucket("togo 1-3", 2, 2, touchdown, lines)
    bucket("togo 4-10", 6, 6, touchdown, lines)
    for zone, togo in (("togo 11-20", 15), ("togo 21-50", 35), ("togo 51-99", 75)):
        for band, ytg in (("ytg 1-2", 2), ("ytg 3-4", 3), ("ytg 5-7", 6), ("ytg 8-99", 10)):
            bucket(f"down 3-4, {zone}, {band}", togo, ytg, convert, lines)
    for zone, togo in (("togo 11-20", 15), ("togo 21-50", 35), ("togo 51-99", 75)):
        bucket(zone, togo, 10, yards, lines)
    print("[offense]")
    print("\n".join(lines[0]))
    print("[defense]")
    print("\n".join(lines[1]))


if __name__ == "__main__":
    main()
