solve wp --half 2 --left 3 --lead 0 --togo 35 --values /nonexistent.pbv
2
paperbowl solve: error: /nonexistent.pbv: cannot open: No such file or directory
