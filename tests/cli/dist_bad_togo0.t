dist --offense run --defense 1 --togo 0
2
paperbowl dist: error: --togo: 0 is out of range (1..99)
