solve game --half 2
2
paperbowl solve: error: --half belongs to 'solve wp'
