sim --evaluator fast
2
paperbowl sim: error: --evaluator: 'fast' is not exact or none
