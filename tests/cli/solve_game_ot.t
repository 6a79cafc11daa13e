solve game --ruleset tests/data/game_tiny.ini --switch OT=sudden-death --lead-cap 4 --headline --output /tmp/pb_cli_game_ot; ls /tmp/pb_cli_game_ot; rm -rf /tmp/pb_cli_game_ot
0
kick off first   0.499
game-game-tiny-OT=sudden-death.pbv
