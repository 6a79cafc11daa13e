--version >/dev/null; mkdir -p /tmp/pb_cli_cache_nul.$$ && cp tests/fuzz/regress/wp_file/nul-in-header.pbv /tmp/pb_cli_cache_nul.$$/game-game-tiny.pbv && "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss --format txt --out /tmp/pb_cli_cache_nul.$$; rc=$?; [ $(wc -c < /tmp/pb_cli_cache_nul.$$/game-game-tiny.pbv) -gt 1000 ] && echo "the value file solved anew"; rm -rf /tmp/pb_cli_cache_nul.$$; exit $rc
0
game-game-tiny.pbv: corrupt value file (short, or a bad header); the game is solved and the file written anew
the value file solved anew
