solve check --ruleset tests/data/game_tiny.ini --try
2
paperbowl solve: error: --try belongs to 'solve wp' (solve check starts from a snap: --half, --left, --lead, --togo ...)
