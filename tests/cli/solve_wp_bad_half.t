solve wp --half 4 --left 3 --lead 0 --togo 35
2
paperbowl solve: error: --half: 4 is out of range (1..3)
