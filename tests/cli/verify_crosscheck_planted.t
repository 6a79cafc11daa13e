verify crosscheck --quick --games 0 --threads 2 --sim-switch END-LINE=ge
1
simulated v1.11-ja with switches flipped (a planted difference)
IMPOSS.
long vs D1, card 02, togo 12
verdict: FAIL
