roll --offense long --defense 4 --card 12 --togo 15 --dice 3-3,2-5
0
outcome: touchdown
card 12 Pass-Play Bonus: the roll counts 24 yards
