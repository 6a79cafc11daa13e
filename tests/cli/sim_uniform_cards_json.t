sim --games 300 --seed 3 --home uniform --away always-run --uniform-cards --json
0
"games": 300
"cards": "uniform"
"lead_entering_last_quarter"
