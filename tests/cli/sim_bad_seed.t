sim --seed -1
2
paperbowl sim: error: --seed: '-1' is not a whole number
