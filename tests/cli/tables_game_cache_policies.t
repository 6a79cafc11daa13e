--version >/dev/null; D=/tmp/pb_cli_cache_pol.$$; "$bin" tables --ruleset tests/data/game_tiny.ini --game --policy challenge=never --only game-coin-toss --format txt --out $D; a=$?; "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss --format txt --out $D; b=$?; "$bin" tables --ruleset tests/data/game_tiny.ini --game --policy challenge=never --only game-coin-toss --format txt --out $D 2>&1 | grep -q 'solv' || echo "the policy's file read again"; ls $D | grep pbv; rm -rf $D; exit $((a + b))
0
paperbowl tables: no value file /tmp/pb_cli_cache_pol
game-game-tiny-challenge=never.pbv
game-game-tiny.pbv
the policy's file read again
