solve wp --half 2 --left 3 --lead 0 --togo 35 --values README.md
2
paperbowl solve: error: README.md: not a paperbowl value file (written by 'paperbowl solve game')
