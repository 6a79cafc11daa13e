verify --help
0
usage: paperbowl verify crosscheck
findings    dominated cards
