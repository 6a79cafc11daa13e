roll --offense run --defense 4 --dice 2-7
2
--dice: roll 1 of '2-7' is not dice
