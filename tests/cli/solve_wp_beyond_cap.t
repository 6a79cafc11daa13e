solve wp --ruleset tests/data/game_tiny.ini --lead-cap 4 --half 2 --left 2 --lead -999 --togo 50
0
win probability 0.026848266 (certified: 0.000000000 .. 0.053696532)
alternatives: lead -999 is beyond the lead cap +-4
