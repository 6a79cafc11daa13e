sim --threads 0
2
paperbowl sim: error: --threads: 0 is out of range (1..256)
