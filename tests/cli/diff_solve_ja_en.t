diff v1.11-ja v1.11-en --solve --threads 2
1
- [pat] kick_at_least = 4
  onside kick         -1.820706162   -2.903877473   -1.083171311
EP at 1st and 10 (1st and goal inside the 10): 99 of 99 field positions change
  own 20    80    1.272527400    1.412182606   +0.139655206
(togo 1-99 x yards to gain 1-15, 1380 decisions): 125 change, 0 too close to call
  4th and 11  field goal -> go: togo 30-35 (6)
  opp 35    35  11   field goal by 0.299129376
  own 20    80  14   punt by 0.017810744
changed: 4 of the 5 kick and try values, the EP at 19800 states, 125 fourth-down decisions
