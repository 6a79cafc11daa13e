solve ep --output README.md/x
2
paperbowl solve: error: --output: cannot write 'README.md/x': Not a directory
