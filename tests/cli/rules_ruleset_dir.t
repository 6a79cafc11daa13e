rules show --ruleset tests/data
2
paperbowl rules: error: tests/data: is a directory, not a file
