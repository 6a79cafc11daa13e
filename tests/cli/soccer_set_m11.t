soccer switches --set M11=anything
2
paperbowl soccer: error: --set: switch M11: bad value 'anything' (expected 90min, 40min or golden-goal)
