grid --no-progress --threads 1 --format jsonl | cksum > pb_grid_t1.$$ && "$bin" grid --no-progress --threads 2 --format jsonl | cksum | cmp - pb_grid_t1.$$ && rm -f pb_grid_t1.$$ && echo grid-identical-for-1-and-2-threads
0
grid-identical-for-1-and-2-threads
