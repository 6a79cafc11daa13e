dist --fg --togo 20 --ruleset v1.11-en --json
0
"good":"5/6"
