tables --help
0
usage: paperbowl tables
card-STAT-togoN
