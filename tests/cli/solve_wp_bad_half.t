solve wp --half 3 --left 3 --lead 0 --togo 35
2
paperbowl solve: error: --half: 3 is out of range (1..2)
