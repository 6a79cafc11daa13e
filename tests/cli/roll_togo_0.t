roll --offense long --defense 4 --togo 0 --dice 2-5
2
--togo: 0 is out of range (1..99)
