roll --offense lng --defense 4 --dice 2-5
2
paperbowl roll: error: --offense: unknown offense card 'lng' (run, short, long)
