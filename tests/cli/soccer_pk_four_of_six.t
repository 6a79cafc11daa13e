soccer table --only pk --format csv
0
penalty kick,66.67,2/3
