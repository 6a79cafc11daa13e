verify invariants --ruleset v1.11-en --threads 2
0
invariants of the grid (ruleset v1.11-en): 43188 distributions
verdict: PASS: no violation
