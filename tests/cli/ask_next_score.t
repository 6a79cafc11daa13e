ask 'E(next_score) togo=35 down=4 ytg=3' 'best togo=80 down=4 ytg=15'
0
answer:   E(next_score) = 1.911877 ± 4.5e-10 points (drive solver: next-score expected points under equilibrium play)
answer:   best = punt, by 0.176996 points over the go
  punt        EP -3.059669
equilibrium mixes: offense punt 100.0%; defense any
