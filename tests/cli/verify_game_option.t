verify findings --game
2
paperbowl verify: error: option '--game' belongs to 'verify switches'
