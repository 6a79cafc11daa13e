sim --games ' 5'
2
paperbowl sim: error: --games: ' 5' is not a whole number
