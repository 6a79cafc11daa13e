ask 'E(next_score) offense=long togo=35'
2
paperbowl ask: error: 1:23: offense does not apply to E(next_score): both sides play the solver's equilibrium mixes
                          ^~~~
