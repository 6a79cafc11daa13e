solve wp --ruleset tests/data/game_tiny.ini --switch OT=sudden-death --lead-cap 4 --half 3 --left 1 --lead 0 --kickoff
0
half 3, 1 card left, lead +0, timeouts 0-0: kickoff
win probability 0.4735962
  onside      0.3310380
best: regular
