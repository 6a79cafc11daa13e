tables --policy return=maybe
2
paperbowl tables: error: --policy:
