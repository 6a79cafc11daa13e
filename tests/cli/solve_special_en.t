solve special --ruleset v1.11-en
0
PAT kick        0.833333 points
two-point try   1.000000 points
best: the two-point try, by 0.166667 points
kept 0.1667
