solve check --paired --deck real --games 10
2
paperbowl solve: error: --paired plays both decks with the solved strategy: not with --deck
