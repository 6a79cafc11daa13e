cardgame sim --games 2000 --seed 3
0
T4=before
0.000
