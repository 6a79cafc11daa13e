solve wp --half 2 --left 3 --lead 0 --togo 35 --timeouts 1
2
paperbowl solve: error: --timeouts '1': expected A,B (each 0..9)
