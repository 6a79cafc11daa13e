--version
0
paperbowl 0.1
