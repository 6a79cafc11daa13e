serve --ruleset nope.ini
2
paperbowl serve: error: unknown ruleset 'nope.ini'
