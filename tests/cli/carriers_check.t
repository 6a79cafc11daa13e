carriers check --trials 2000
0
0 beyond |z| > 5
