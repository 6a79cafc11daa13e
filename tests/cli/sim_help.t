sim --help
0
usage: paperbowl sim
--log-games N
