diff v1.11-ja v1.11-en --top x
2
paperbowl diff: error: --top: 'x' is not a whole number
