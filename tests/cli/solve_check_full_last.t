solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --full-last 1 --output pb_cli_fl.$$ | grep '^value file'; V=pb_cli_fl.$$/game-game-tiny.pbv; sed -n 10p $V; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 1 --lead -2 --togo 30 --down 4 --ytg 3 --games 2000 --json; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 2 --lead 0 --togo 80 --games 10 >/dev/null; a=$?; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --games 10 >/dev/null; b=$?; "$bin" sim --ruleset tests/data/game_tiny.ini --home $V --games 10 >/dev/null; c=$?; "$bin" solve wp --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 2 --lead 0 --togo 80 --down 2 --ytg 4 | head -2; rm -rf pb_cli_fl.$$; echo "ran $a $b $c"; exit $a
0
every state of half 2's last 1 card kept, the headline elsewhere (--full-last 1)
full last 1
{"solver":0.621163867,
"deviate":"none"}
recomputed
ran 0 0 0
