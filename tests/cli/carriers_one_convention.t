carriers table --only intercept-straight
0
 2  83.33      -      -
 4  83.33  50.00  83.33
