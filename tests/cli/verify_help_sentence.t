verify --help
0
then plays whole
simulated games (--games) and tests every play those games reach the same way.
