sim --drive --togo 35 --down 4 --ytg 3 --games 2000 --seed 4 --home coach --away coach
0
2000 drives from 4th & 3 at togo 35 (home has the ball), seed 4
plays per drive chain
touchdown + 2
