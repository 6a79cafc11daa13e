dist --offense run --defense 1 --togo 100
2
paperbowl dist: error: --togo: 100 is out of range (1..99)
