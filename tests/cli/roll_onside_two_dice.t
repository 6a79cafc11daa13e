roll --onside --dice 3-4
2
roll 1: the onside kick die needs one die, like 5
