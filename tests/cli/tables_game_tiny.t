tables --ruleset tests/data/game_tiny.ini --game --only 'game-*' --format txt,csv --out pb_cli_tables_game 2>&1; cat pb_cli_tables_game/game-two-point.txt pb_cli_tables_game/game-coin-toss.csv; ls pb_cli_tables_game/game-game-tiny.pbv; rm -rf pb_cli_tables_game
0
no value file pb_cli_tables_game/game-game-tiny.pbv: solving the game
paperbowl tables: 12 files written to pb_cli_tables_game/ (ruleset game-tiny)
The two-point chart: PAT or two (second half)
lead  1  0
  -2  2  2
   1  2  .
best: receive first
pb_cli_tables_game/game-game-tiny.pbv
