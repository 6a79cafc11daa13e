diff v1.11-ja v1.11-en --game --solve
2
paperbowl diff: error: --game goes alone (not with --solve, --json, --tolerance, --togo or --top)
