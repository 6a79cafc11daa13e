ask 'E(yards) offense=run defense=1 card=none togo=5'
0
answer:   E(yards) = 7/2 = 3.50 yards
