sim --games 300 --seed 3 --home uniform --away always-run --json
0
"games": 300
"home": "uniform"
"away": "always-run"
"points_histogram"
"margin_histogram"
"lead_entering_last_quarter"
