tables --digits 2 --only fg
2
paperbowl tables: error: --digits goes with --edition rulebook
