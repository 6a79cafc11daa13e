solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output pb_cli_game_toss_tie; rm -rf pb_cli_game_toss_tie
0
lead monotonicity, every solved value against the same moment one point ahead: 941808 pairs, no certain fall
  kick off first   0.499654172
  a tie within the bound: the two differ by 0.000692, within +- 0.0063
