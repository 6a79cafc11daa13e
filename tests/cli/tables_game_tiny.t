tables --ruleset tests/data/game_tiny.ini --game --only 'game-*' --format txt,csv --out /tmp/pb_cli_tables_game 2>&1; cat /tmp/pb_cli_tables_game/game-two-point.txt /tmp/pb_cli_tables_game/game-coin-toss.csv; ls /tmp/pb_cli_tables_game/game-game-tiny.pbv; rm -rf /tmp/pb_cli_tables_game
0
no value file /tmp/pb_cli_tables_game/game-game-tiny.pbv: solving the game
paperbowl tables: 8 files written to /tmp/pb_cli_tables_game/ (ruleset game-tiny)
The two-point chart: PAT or two (second half)
lead  1  0
  -2  2  2
   1  2  .
best: receive first
/tmp/pb_cli_tables_game/game-game-tiny.pbv
