solve wp --help
0
usage: paperbowl solve wp --half H
Prints the win probability of the team with the ball at one moment
--receives yes|no    half 1 only
