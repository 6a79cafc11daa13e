solve wp --half 2 --left 3 --lead 0 --togo 35 --down 4 --ytg 3 --values /dev/null
2
paperbowl solve: error: /dev/null: not a regular file (a character device)
