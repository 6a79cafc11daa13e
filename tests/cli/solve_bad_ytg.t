solve state --togo 5 --ytg 6
2
paperbowl solve: error: --ytg: 6 yards to gain from 5 yards out is past the goal line
