roll --offense run --defense 4 --togo 60 --dice 3-3
2
paperbowl roll: error: --dice: missing roll 2: a doubles re-roll (two dice, like 3-4) was not given
