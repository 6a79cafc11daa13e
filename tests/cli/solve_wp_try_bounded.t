solve wp --ruleset tests/data/game_tiny.ini --lead-cap 4 --half 2 --left 1 --lead -1 --try
0
  two-point   0.477869194
best: two-point (each alternative within 
