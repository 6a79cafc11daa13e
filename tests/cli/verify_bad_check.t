verify nosuch
2
paperbowl verify: error: unknown check 'nosuch' (crosscheck, switches, findings, invariants, deck)
