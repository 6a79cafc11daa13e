--version >/dev/null; D=/tmp/pb_cli_sor.$$; "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-wp-lead,game-timeouts,game-coin-toss --format txt,csv --out $D/a 2>/dev/null && mkdir -p $D/b && cp $D/a/*.pbv $D/b/ && "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-wp-lead,game-timeouts,game-coin-toss --format txt,csv --out $D/b 2>&1 | grep -c solv; n=0; for f in $D/a/*.txt $D/a/*.csv; do n=$((n + 1)); cmp $f $D/b/${f##*/} || n=100; done; echo "$n tables the same, solved or read"; rm -rf $D
0
4 tables the same, solved or read
