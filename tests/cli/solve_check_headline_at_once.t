solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output /tmp/pb_cli_head.$$ >/dev/null; V=/tmp/pb_cli_head.$$/game-game-tiny.pbv; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --games 10 --json | grep -o '"games":10'; echo "check $?"; "$bin" sim --ruleset tests/data/game_tiny.ini --home $V --games 10 >/dev/null; echo "sim $?"; rm -rf /tmp/pb_cli_head.$$
0
"games":10
check 0
sim 0
