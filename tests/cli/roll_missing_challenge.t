roll --offense long --defense 4 --card 01 --dice 1-5
2
missing roll 2: the challenge roll
