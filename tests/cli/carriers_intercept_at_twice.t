carriers intercept --pass 0,6 --at 0,3/0,-3
2
paperbowl carriers: error: --at: square 0,3 given twice
