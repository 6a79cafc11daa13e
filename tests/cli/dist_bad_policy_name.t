dist --offense run --defense 1 --policy bribe=always
2
paperbowl dist: error: --policy: unknown policy 'bribe'
