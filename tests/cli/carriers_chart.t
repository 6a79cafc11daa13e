carriers chart --pass 3,-2
0
. . A 2
. A A .
1 A . .
