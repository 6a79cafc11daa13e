dist --offense long --defense 4 --card 12 --togo 15
0
long vs Defense 4, card 12 Pass-Play Bonus, 15 yards to go, 1st and 10
33.33%
66.67%
mean_yards
