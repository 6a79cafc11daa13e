solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --full-last 3 --output pb_cli_fl_bad.$$; a=$?; "$bin" solve game --ruleset tests/data/game_tiny.ini --full-last 0; b=$?; "$bin" solve game --ruleset tests/data/game_tiny.ini --full-last 1 --full; c=$?; "$bin" solve check --ruleset tests/data/game_tiny.ini --full-last 1; d=$?; ls pb_cli_fl_bad.$$ 2>/dev/null | grep -c pbv; rm -rf pb_cli_fl_bad.$$; echo "status $a $b $c $d"; [ $a = 2 ] && [ $b = 2 ] && [ $c = 2 ] && exit $d
2
paperbowl solve: error: --full-last 3: a half of this ruleset has 2 cards (1..2)
--full-last
paperbowl solve: error: --full-last keeps the last cards of half 2 whole: not with --full
paperbowl solve: error: --full-last belongs to 'solve game'
status 2 2 2 2
