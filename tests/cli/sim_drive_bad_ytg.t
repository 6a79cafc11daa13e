sim --drive --togo 5 --ytg 6
2
paperbowl sim: error: --ytg: 6 is more than --togo (5): the line to gain is past the goal line
