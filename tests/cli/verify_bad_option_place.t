verify findings --plays 5
2
paperbowl verify: error: option '--plays' belongs to 'verify crosscheck'
