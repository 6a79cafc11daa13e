sim --drive --togo 0
2
paperbowl sim: error: --togo: 0 is out of range (1..99)
