solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --full --output pb_cli_ask_game >/dev/null 2>&1; "$bin" ask --ruleset tests/data/game_tiny.ini --values pb_cli_ask_game/game-game-tiny.pbv 'WP half=2 left=2 lead=-2 togo=50' 'best_wp half=2 left=1 lead=-2 togo=30 down=4 ytg=3' 'best_wp half=2 left=1 lead=-1 kick=try' 'best_wp half=2 left=2 lead=1 kick=kickoff'; "$bin" ask --ruleset tests/data/game_tiny.ini --values pb_cli_ask_game/game-game-tiny.pbv 'timeout_value half=2 left=2 lead=0 togo=50'; rm -rf pb_cli_ask_game
0
answer:   WP = 0.310498737 (certified: 0.310314595 .. 0.310682878)
moment     half 2, 1 card left, lead -2, timeouts 0,0: down 4, 3 to gain, togo 30
answer:   best_wp = field goal, by 0.099148
  field goal  0.621163867
answer:   best_wp = two-point, by 0.041211
answer:   best_wp = regular kickoff, by 0.322885
paperbowl ask: error: timeout_value: the team has no timeout at this moment (timeouts=0,0)
