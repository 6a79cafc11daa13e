cardgame table --only shared
0
offense           3                 10
defense           5                 10
