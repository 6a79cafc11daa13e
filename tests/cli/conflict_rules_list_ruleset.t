rules list --ruleset X
2
paperbowl rules: error: 'rules list' lists the embedded rulesets: --ruleset means nothing there
