solve state --togo 35 --down 4 --ytg 3
0
4th and 3 at togo 35 (opp 35)
P(good) 0.4444; EP if good 3
best: go, by 1.78
exploitability of the mixes:
