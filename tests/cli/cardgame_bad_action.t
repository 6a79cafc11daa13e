cardgame deal
2
paperbowl cardgame: error: unknown action 'deal' (table, findings, switches, sim, report)
