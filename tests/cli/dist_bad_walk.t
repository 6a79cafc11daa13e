dist --offense run --defense 1 --walk
2
paperbowl dist: error: --walk needs --depth 1..12
