verify deck --ruleset tests/data/game_tiny.ini --games 2000 --drives 2000 --plant-drives 2000 --fourth-drives 0 --output /tmp/pb_cli_deck_cache.$$ >/dev/null && "$bin" solve game --ruleset tests/data/game_tiny.ini --output /tmp/pb_cli_deck_cache.$$; rm -rf /tmp/pb_cli_deck_cache.$$
0
  the toss winner should receive: worth 0.000716 over kicking off (+- 6.9e-12)
  the uniform-card model; under the real deck, simulated: kick - receive
