--version > /dev/null; mkdir -p pb_cli_cache_fifo.$$ && mkfifo pb_cli_cache_fifo.$$/game-game-tiny.pbv && timeout 60 "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss --format txt --out pb_cli_cache_fifo.$$; rc=$?; [ -p pb_cli_cache_fifo.$$/game-game-tiny.pbv ] || { echo "the FIFO was replaced"; rc=3; }; rm -rf pb_cli_cache_fifo.$$; exit $rc
2
game-game-tiny.pbv: not a regular file: the game's value file goes there (remove it, or give --values FILE)
