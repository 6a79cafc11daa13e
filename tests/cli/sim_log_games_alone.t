sim --log-games 3
2
paperbowl sim: error: --log-games goes with --log FILE
