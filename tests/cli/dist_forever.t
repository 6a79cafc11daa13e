dist --ruleset tests/data/enum_stall.ini --offense run --defense 1 --card 18
2
paperbowl dist: error: a doubles re-roll can add 0 yards
give a depth (--depth K)
