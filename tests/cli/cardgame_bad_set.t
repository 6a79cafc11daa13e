cardgame table --set T4=maybe
2
paperbowl cardgame: error: --set: switch T4: bad value 'maybe' (expected after, before)
