sim --games 0
2
paperbowl sim: error: --games: 0 is out of range (1..1099511627776)
