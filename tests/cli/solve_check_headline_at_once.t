solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output /tmp/pb_cli_head.$$ >/dev/null; V=/tmp/pb_cli_head.$$/game-game-tiny.pbv; (ulimit -t 2; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --games 10; echo "check $?"; "$bin" sim --ruleset tests/data/game_tiny.ini --home $V --games 10; echo "sim $?"); rm -rf /tmp/pb_cli_head.$$
0
check 2
sim 2
the value file keeps only the headline states; a strategy needs every state
paperbowl sim: error: --home: /tmp/pb_cli_head
