sim --games 10 --deck shuffled
2
paperbowl sim: error: --deck: 'shuffled' is not uniform or real
