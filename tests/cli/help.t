--help
0
roll
rules
