solve game --full --headline --no-such-option
2
paperbowl solve: error: --full and --headline do not go together
