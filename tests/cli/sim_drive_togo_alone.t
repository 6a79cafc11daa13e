sim --togo 50
2
paperbowl sim: error: --togo goes with --drive
