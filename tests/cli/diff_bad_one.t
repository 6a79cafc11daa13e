diff v1.11-ja
2
paperbowl diff: error: give two rulesets, A and B
