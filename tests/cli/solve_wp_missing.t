solve wp --half 2 --left 3
2
paperbowl solve: error: solve wp needs --half, --left and --lead
