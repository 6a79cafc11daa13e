solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --full-last 1 --output pb_cli_fl.$$ | grep '^value file'; V=pb_cli_fl.$$/game-game-tiny.pbv; sed -n 10p $V; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 1 --lead -2 --togo 30 --down 4 --ytg 3 --games 2000 --json; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 2 --lead 0 --togo 80 --games 10; a=$?; "$bin" solve check --ruleset tests/data/game_tiny.ini --values $V --games 10; b=$?; "$bin" sim --ruleset tests/data/game_tiny.ini --home $V --games 10; c=$?; "$bin" solve wp --ruleset tests/data/game_tiny.ini --values $V --half 2 --left 2 --lead 0 --togo 80 --down 2 --ytg 4 | head -2; rm -rf pb_cli_fl.$$; echo "refused $a $b $c"; exit $a
2
every state of half 2's last 1 card kept, the headline elsewhere (--full-last 1)
full last 1
{"solver":0.621163867,
"deviate":"none"}
game-game-tiny.pbv: half 2 with 2 cards left: the value file keeps every state of the last 1 card of half 2 only (--full-last 1), so the strategy can play from half 2 with at most 1 card left (solve with a larger --full-last, or --full)
game-game-tiny.pbv: the value file keeps every state of the last 1 card of half 2 only (--full-last 1); a strategy for the whole game needs every state ('solve game --full' or --strategy-out)
game-game-tiny.pbv: the value file keeps every state of the last 1 card of half 2 only (--full-last 1)
recomputed
refused 2 2 2
