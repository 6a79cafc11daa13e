solve check --deck none --games 10
2
paperbowl solve: error: --deck: 'none' is not uniform or real
