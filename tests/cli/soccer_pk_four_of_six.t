soccer table --only pk --format csv
0
penalty kick,66.666666666666667,2/3
