verify crosscheck --plays 10
2
paperbowl verify: error: 10 plays are fewer than the
