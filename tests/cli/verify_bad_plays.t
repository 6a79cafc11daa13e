verify crosscheck --plays abc
2
paperbowl verify: error: --plays: 'abc' is not a whole number
