--version >/dev/null; V=tests/fuzz/regress/wp_file/nul-in-header.pbv; R=tests/data/game_tiny.ini; "$bin" solve wp --ruleset $R --values $V --half 2 --left 1 --lead 0 --togo 30; a=$?; "$bin" solve check --ruleset $R --values $V --games 10; b=$?; "$bin" ask --ruleset $R --values $V 'WP half=2 left=2 togo=50'; c=$?; "$bin" sim --ruleset $R --home $V --games 10; d=$?; "$bin" tables --ruleset $R --values $V --only fg --out /tmp/pb_cli_nul.$$; e=$?; rm -rf /tmp/pb_cli_nul.$$; echo "exit $a $b $c $d $e"; [ "$a$b$c$d$e" = 22222 ] && exit 2
2
exit 2 2 2 2 2
paperbowl solve: error: tests/fuzz/regress/wp_file/nul-in-header.pbv: corrupt value file (short, or a bad header)
paperbowl sim: error: --home: tests/fuzz/regress/wp_file/nul-in-header.pbv: corrupt value file (short, or a bad header)
