tables --out /dev/null --only fg
2
paperbowl tables: error: --out: '/dev/null' exists and is not a directory
