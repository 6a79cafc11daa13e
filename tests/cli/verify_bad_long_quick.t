verify crosscheck --quick --long
2
paperbowl verify: error: --long and --quick do not go together
