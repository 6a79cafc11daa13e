verify switches --only END-LINE
2
paperbowl verify: error: option '--only' belongs to 'verify switches --game'
