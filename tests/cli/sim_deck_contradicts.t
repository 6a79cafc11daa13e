sim --games 10 --deck real --uniform-cards
2
paperbowl sim: error: --deck real contradicts --uniform-cards
