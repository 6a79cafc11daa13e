solve game --ruleset tests/data/game_tiny.ini --switch OT=sudden-death --lead-cap 4 --headline --output /tmp/pb_cli_game_ot && "$bin" solve wp --ruleset tests/data/game_tiny.ini --switch OT=sudden-death --lead-cap 4 --values /tmp/pb_cli_game_ot/game-game-tiny-OT=sudden-death.pbv --half 3 --left 1 --lead 0 --kickoff; ls /tmp/pb_cli_game_ot; rm -rf /tmp/pb_cli_game_ot
0
kick off first   0.499
Overtime (sudden death: the first score wins; 0-0, 0 timeouts each, all 1 card left):
  kick off first   0.473596
  the toss winner should receive: worth +0.052807 over the other choice
half 3, 1 card left, lead +0, timeouts 0-0: kickoff
win probability 0.4735962
  onside      0.3310380
best: regular
game-game-tiny-OT=sudden-death.pbv
