grid --no-progress --threads 1 --format jsonl | cksum > /tmp/pb_grid_t1.$$ && "$bin" grid --no-progress --threads 2 --format jsonl | cksum | cmp - /tmp/pb_grid_t1.$$ && rm -f /tmp/pb_grid_t1.$$ && echo grid-identical-for-1-and-2-threads
0
grid-identical-for-1-and-2-threads
