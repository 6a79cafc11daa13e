solve game --ruleset tests/data/game_tiny.ini --switch TIMEOUTS=1 --lead-cap 4 --headline --output pb_cli_game_one_timeout; rm -rf pb_cli_game_one_timeout
0
Coin toss (0-0, 1 timeout each, all 2 cards of the half left):
1st and 10 at togo 80, 1 timeout each
tied (WP with 1 timeout minus WP with 0; the opponent has 1):
