carriers --help
0
usage: paperbowl carriers ACTION
