soccer roll --charge keeper --dice 2,4
0
rolls 2 + 2 penalty-area bonus = 4
a tie goes to the charging (defending) side
