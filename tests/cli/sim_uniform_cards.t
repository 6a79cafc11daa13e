sim --games 2000 --seed 7 --threads 2 --uniform-cards
0
paperbowl sim: 2000 games, seed 7
uniform cards: each snap's play card drawn from the 24 (no deck), 20 plays a quarter
points per game (mean)
how safe a lead is
