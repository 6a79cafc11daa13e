solve wp --switch OT=sudden-death --half 3 --left 3 --lead -3 --togo 35
2
paperbowl solve: error: --lead -3 in the overtime (--half 3): the first score ends the game, so the lead is 0
