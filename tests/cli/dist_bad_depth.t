dist --offense run --defense 1 --depth -1
2
paperbowl dist: error: --depth: -1 is out of range
