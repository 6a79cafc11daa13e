verify deck --ruleset tests/data/game_tiny.ini --games 2000 --drives 2000 --plant-drives 2000 --fourth-drives 0 --output /tmp/pb_cli_deck_rep.$$ > /dev/null && "$bin" tables --ruleset tests/data/game_tiny.ini --game --only report --format html --out /tmp/pb_cli_deck_rep.$$ > /dev/null 2>&1 && grep -o "under the real deck, simulated (<code>verify deck</code>): kick - receive +0.004000 (SE 0.011247, 2000 games" /tmp/pb_cli_deck_rep.$$/report.html; rm -rf /tmp/pb_cli_deck_rep.$$
0
under the real deck, simulated (<code>verify deck</code>): kick - receive +0.004000 (SE 0.011247, 2000 games
