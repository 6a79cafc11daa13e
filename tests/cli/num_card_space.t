dist --offense run --defense ' 1' --card 01
2
paperbowl dist: error: --defense: unknown defense card ' 1'
