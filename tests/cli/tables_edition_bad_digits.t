tables --edition rulebook --digits 9
2
paperbowl tables: error: --digits
