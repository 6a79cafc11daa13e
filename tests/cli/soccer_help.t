soccer --help
0
usage: paperbowl soccer ACTION
