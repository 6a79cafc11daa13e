carriers table --only intercept-zones --format csv
0
A,1,the dice differ,83.33,5/6
C,3,equal mod 3,33.33,1/3
D,4 or more,the dice are equal,16.67,1/6
