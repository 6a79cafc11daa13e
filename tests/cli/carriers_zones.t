carriers table --only intercept-zones --format csv
0
A,1,the dice differ,83.333333333333333,5/6
C,3,equal mod 3,33.333333333333333,1/3
D,4 or more,the dice are equal,16.666666666666667,1/6
