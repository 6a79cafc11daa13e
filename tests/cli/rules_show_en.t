rules show --ruleset v1.11-en
0
name = v1.11-en
kick_at_least = 5
within_19 = 1 2 3 4
