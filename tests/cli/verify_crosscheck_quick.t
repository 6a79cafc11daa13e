verify crosscheck --quick --threads 2
0
sweep (every cell forced): 2322 cells, 2322000 plays
rejected by Holm at FWER 1e-06: 0 cells; impossible outcomes: 0 cells
whole games (2000, coach vs coach)
verdict: PASS
