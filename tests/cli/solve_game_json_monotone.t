solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --json --output pb_cli_game_json_monotone; rm -rf pb_cli_game_json_monotone
0
"coin_toss":{"kick":0.499654172,"receive":0.500345828,"bound":0.00317,"choice":"tie"},"monotone":{"pairs":941808,"violations":0,"largest_certain_drop":0,
