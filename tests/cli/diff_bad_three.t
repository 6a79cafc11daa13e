diff v1.11-ja v1.11-en v1.11-ja
2
paperbowl diff: error: unexpected argument 'v1.11-ja' (two rulesets: A and B)
