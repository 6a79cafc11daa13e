sim --games 3000 --seed 7 --threads 2 --deck uniform
0
uniform cards: each snap's play card drawn from the 24 (no deck), 20 plays a quarter
  points per game (mean)                 19.957     19.795     39.751
