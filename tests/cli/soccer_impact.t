soccer impact
0
M5=pass: 0 cells move
M7=position: 3 cells move
