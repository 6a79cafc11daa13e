tables --edition rulebook --values tests/data/nope.pbv
2
paperbowl tables: error:
