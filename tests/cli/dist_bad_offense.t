dist --offense punt --defense 1
2
paperbowl dist: error: --offense: unknown offense card 'punt'
