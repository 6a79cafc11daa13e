dist --offense run
2
paperbowl dist: error: --defense is required
