solve wp --ruleset tests/data/game_tiny.ini --half 2 --left 1 --lead 0 --togo 30
0
half 2, 1 card left, lead +0, timeouts 0,0: down 1, 10 to gain, togo 30
