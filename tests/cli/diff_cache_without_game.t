diff v1.11-ja v1.11-en --cache out
2
paperbowl diff: error: --cache belongs to 'diff A B --game'
