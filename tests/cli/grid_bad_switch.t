grid --switch NOPE=1
2
paperbowl grid: error: --switch: unknown switch 'NOPE'
