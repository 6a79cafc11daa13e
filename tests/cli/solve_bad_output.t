solve ep --output /nonexistent-dir/ep.txt
2
paperbowl solve: error: --output: cannot write '/nonexistent-dir/ep.txt'
