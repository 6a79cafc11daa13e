verify switches --game --ruleset tests/data/game_tiny.ini --only END-LINE,NOPE
2
paperbowl verify: error: --only: unknown switch 'NOPE' (see 'paperbowl rules switches')
