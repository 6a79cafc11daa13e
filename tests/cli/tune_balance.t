tune --vary pat.kick_at_least=2..12 --target 'P(success) kick=pat' --target 'P(success) kick=fg togo=30' --balance
0
6                  13/18  0.7222  2/3  0.6667  1/18   0.0556  <- best
best: pat.kick_at_least=6 (spread 1/18  0.0556)
