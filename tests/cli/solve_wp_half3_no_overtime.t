solve wp --half 3 --left 3 --lead 0 --togo 35
2
paperbowl solve: error: --half 3 is the overtime, and this ruleset has none (--switch OT=sudden-death adds it)
