verify crosscheck --togo 0,5
2
paperbowl verify: error: --togo: '0,5' must be a comma-separated list of 1..99
