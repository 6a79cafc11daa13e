sim --drive --games 10
2
paperbowl sim: error: --drive needs --togo N (the yards to the goal line, 1..99)
