carriers table --only intercept-zones --format tex
0
A & 1 & the dice differ & 83.33 \\
