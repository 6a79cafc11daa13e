tables --ruleset /nonexistent.ini
2
paperbowl tables: error: /nonexistent.ini: cannot open
