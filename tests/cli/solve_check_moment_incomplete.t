solve check --ruleset tests/data/game_tiny.ini --half 2 --left 2 --lead 0
2
paperbowl solve: error: solve check from a moment needs --half, --left, --lead and --togo
