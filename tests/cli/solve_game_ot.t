solve game --ruleset tests/data/game_tiny.ini --switch OT=sudden-death --lead-cap 4 --headline --output pb_cli_game_ot; ls pb_cli_game_ot; rm -rf pb_cli_game_ot
0
kick off first   0.499
Overtime (sudden death: the first score wins; 0-0, 0 timeouts each, all 1 card left):
  kick off first   0.473596
  the toss winner should receive: worth 0.0528 over kicking off
game-game-tiny-OT=sudden-death.pbv
