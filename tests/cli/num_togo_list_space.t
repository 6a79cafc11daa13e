verify crosscheck --togo ' 5' --no-such-option
2
paperbowl verify: error: --togo: ' 5' must be a comma-separated list of 1..99
