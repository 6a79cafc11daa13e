verify deck --ruleset tests/data/game_tiny.ini --games 3000 --drives 3000 --plant-drives 3000 --fourth-drives 0 --threads 2 --no-cache
0
  real - uniform                       +0.000000 (paired SE 0.000000, independent runs' SE
  own 20       0.61333   0.11446    0.61333   0.11446   +0.00000    0.00000
