tables --edition rulebook --ruleset v1.11-en --out ed; cat ed/rulebook-en.txt
0
PAPER BOWL: the probability tables (ruleset v1.11-en)
1-19 yards
The call worth the most points on 4th down
