solve wp --ruleset tests/data/game_tiny.ini --lead-cap 4 --half 2 --left 0 --lead -2 --togo 30 --down 4 --ytg 3
0
  let the half end  0.000000000
  field goal        0.666666667
best: field goal (each alternative within 
