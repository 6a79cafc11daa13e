sim --drive --togo 50 --down 5
2
paperbowl sim: error: --down: 5 is out of range (1..4)
