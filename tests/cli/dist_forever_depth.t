dist --ruleset tests/data/enum_stall.ini --offense run --defense 1 --card 18 --depth 3
0
chains cut after 3 re-rolls
cut
