solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output pb_cli_stale_cap.$$ > /dev/null && "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss --format txt --out pb_cli_stale_cap.$$ 2>&1; rc=$?; rm -rf pb_cli_stale_cap.$$; exit $rc
0
game-game-tiny.pbv: the file was solved with --lead-cap 4, not 40; the game is solved and the file written anew
game-tiny.pbv written, 0.4 MB (
