verify deck --values x.pbv
2
paperbowl verify deck: error: --values goes with one --ruleset (the file is one ruleset's)
