cardgame --help
0
usage: paperbowl cardgame ACTION
