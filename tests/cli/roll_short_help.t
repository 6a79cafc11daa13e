roll -h
0
usage: paperbowl roll
