ask 'P(td) offense=run ruleset=v9'
2
1:27: unknown ruleset 'v9'
