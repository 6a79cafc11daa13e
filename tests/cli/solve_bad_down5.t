solve state --togo 50 --down 5
2
paperbowl solve: error: --down: 5 is out of range (1..4)
