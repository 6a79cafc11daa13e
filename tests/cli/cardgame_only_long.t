cardgame table --only deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,nope
2
paperbowl cardgame: error: --only: unknown table 'nope' (see 'paperbowl cardgame --help')
