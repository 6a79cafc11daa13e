sim --drive --togo 1 --down 4 --ytg 1 --games 200000 --seed 1 --ruleset tests/data/sim_drive_fg99.ini --home tests/data/sim_drive_fg.ini --away tests/data/sim_drive_fg.ini
0
200000 drives from 4th & goal at togo 1 (home has the ball), seed 1
mean signed points (home - away)   2.94072
standard error                     0.00133
plays per drive chain              0.000
field goal                     198024    99.01%         1976     0.99%
