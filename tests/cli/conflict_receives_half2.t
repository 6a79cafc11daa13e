solve wp --half 2 --left 5 --lead 0 --togo 50 --receives yes --values /nonexistent.pbv
2
paperbowl solve: error: --receives means nothing in half 2
