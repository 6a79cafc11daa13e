tune --vary pat.kick_at_least=2..12 --target 'P(success) kick=pat' --equal 0.9
0
2                  1/1    1.0000
3                  35/36  0.9722
4                  11/12  0.9167  <- best
12                 1/36   0.0278
best: pat.kick_at_least=4 (11/12  0.9167)
