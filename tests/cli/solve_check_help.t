solve check --help
0
usage: paperbowl solve check
Checks the solved game in the simulator
--games N            games to play
