dist --offense run --defense 1 --card deck --togo 50
0
card deck (each card 1/24)
