verify deck --ruleset v1.11-en --games 3000 --drives 3000 --plant-drives 3000 --fourth-drives 0 --threads 1 --no-cache --json | cksum > /tmp/pb_deck_t1.$$ && "$bin" verify deck --ruleset v1.11-en --games 3000 --drives 3000 --plant-drives 3000 --fourth-drives 0 --threads 2 --no-cache --json | cksum | cmp - /tmp/pb_deck_t1.$$ && echo deck-identical-for-1-and-2-threads; rm -f /tmp/pb_deck_t1.$$
0
deck-identical-for-1-and-2-threads
