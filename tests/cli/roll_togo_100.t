roll --offense long --defense 4 --togo 100 --dice 2-5
2
--togo: 100 is out of range (1..99)
