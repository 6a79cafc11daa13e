solve wp --half 2 --left 3 --lead 0 --togo 35 --down 4 --ytg 3
2
paperbowl solve: error: every state of this game would take 39.2 GiB (over 4 GiB): answer from a value file of 'solve game' (1st downs, kicks and tries), or solve a smaller game (doc/solve.md, "Limits")
