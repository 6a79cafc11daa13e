solve wp --half 1 --left 5 --lead 0 --togo 50 --timeouts 5,3 --values /nonexistent.pbv
2
paperbowl solve: error: --timeouts 5,3: this ruleset gives 3 timeouts a half
