dist --offense long --defense 2 --togo 2
0
incomplete  5/9
touchdown   4/9
