dist --onside --ruleset v1.11-en --json
0
"kept":"1/6"
