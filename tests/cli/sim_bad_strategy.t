sim --home tests/data/sim_bad_strategy.ini
2
paperbowl sim: error: --home: tests/data/sim_bad_strategy.ini:5:14: togo: '1-4O' is not a range
