grid --output README.md/x
2
paperbowl grid: error: --output: cannot write 'README.md/x': Not a directory
