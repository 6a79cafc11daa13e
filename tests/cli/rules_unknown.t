rules show --ruleset nope
2
paperbowl rules: error: unknown ruleset 'nope'
