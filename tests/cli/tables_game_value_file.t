tables --ruleset tests/data/game_tiny.ini --game --only game-two-point --format txt --out /tmp/pb_cli_tables_vf.$$ 2>&1; rm -rf /tmp/pb_cli_tables_vf.$$
0
paperbowl tables: value file /tmp/pb_cli_tables_vf.
game-tiny.pbv written, 0.5 MB (486939 bytes)
