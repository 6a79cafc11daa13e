grid --ruleset tests/data/enum_stall.ini --no-progress
2
give a depth (--depth K)
