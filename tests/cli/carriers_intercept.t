carriers intercept --pass 0,6 --at 0,3/0,5 --set C4=each
0
defender at (0,3): zone C (equal mod 3), 1/3
P(intercepted) = 8/9 = 88.89%
