ask 'P(complete) defense=Def 6'
2
paperbowl ask: error: 1:21: unknown defense 'Def 6' (defense is 1..5)
                        ^~~~~
