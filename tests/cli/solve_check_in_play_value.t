solve check --in-play value
2
paperbowl solve: error: --in-play value: the simulator makes the choices inside a play by the policies, so 'solve check' cannot play a game solved by value
