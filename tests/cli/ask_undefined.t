ask 'P(td | safety) offense=run defense=1 togo=50 card=none'
0
answer:   P(td | safety) is undefined: the condition never happens here
