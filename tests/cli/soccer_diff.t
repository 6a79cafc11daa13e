soccer diff --set M3=KK1234
1
shot-keeper   goal at=2 keeper at=1              goal, chosen                33.33 -> 66.67
