dist --ruleset v1.11-en --offense long --defense 1 --togo 50 --json
0
"complete":"1/2"
