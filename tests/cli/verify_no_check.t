verify
2
usage: paperbowl verify crosscheck
