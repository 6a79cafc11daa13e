solve wp --half 2 --left 3 --lead 0 --togo 35 --values tests/data
2
paperbowl solve: error: tests/data: is a directory, not a file
