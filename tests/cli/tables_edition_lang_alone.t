tables --lang ja --only fg
2
paperbowl tables: error: --lang goes with --edition rulebook
