grid --threads 0
2
paperbowl grid: error: --threads: 0 is out of range
