tables --threads 0
2
paperbowl tables: error: --threads: 0 is out of range (1..256)
