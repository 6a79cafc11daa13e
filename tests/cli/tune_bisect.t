tune --vary pat.kick_at_least=2..12 --target 'P(success) kick=pat' --equal 0.9 --bisect
0
bisection: 5 evaluations of 11 values; the target falls with pat.kick_at_least; monotonicity checked at the values evaluated, assumed between them
best: pat.kick_at_least=4 (11/12  0.9167)
