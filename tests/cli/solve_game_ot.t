solve game --ruleset v1.11-ja --switch OT=sudden-death --lead-cap 2
2
paperbowl solve: error: the game solver does not play overtime yet (OT=sudden-death): use --switch OT=none
