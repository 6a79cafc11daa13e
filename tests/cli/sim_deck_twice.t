sim --drive --togo 80 --games 10 --deck uniform --deck real
2
paperbowl sim: error: --deck: 'real' contradicts the deck already given (uniform)
