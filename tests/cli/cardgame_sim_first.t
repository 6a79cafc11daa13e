cardgame sim --skills first
0
skills played: 3 10
9.227    7.714   22.50   44.96
