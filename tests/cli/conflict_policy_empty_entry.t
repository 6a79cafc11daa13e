sim --games 1 --policy 'challenge=never,'
2
paperbowl sim: error: --policy: 'challenge=never,' has an empty entry
