verify crosscheck --games 0e99999999999999999999 --plays 1
2
paperbowl verify: error: 1 plays are fewer than the
