solve check --ruleset tests/data/game_tiny.ini --deviate always-kneel
2
paperbowl solve: error: --deviate 'always-kneel': never-onside, always-pat or always-punt
