verify crosscheck --quick --ruleset nosuch.ini
2
paperbowl verify: error: unknown ruleset 'nosuch.ini'
