dist --offense run --defense 1 --card 25
2
paperbowl dist: error: --card: unknown play card '25'
