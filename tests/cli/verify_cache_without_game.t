verify switches --cache out
2
paperbowl verify: error: option '--cache' belongs to 'verify switches --game'
