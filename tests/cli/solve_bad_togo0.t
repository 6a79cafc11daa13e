solve state --togo 0
2
paperbowl solve: error: --togo: 0 is out of range (1..99)
