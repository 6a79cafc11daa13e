carriers impact
0
C2=source: 106 cells move
C1=3: 0 cells move
