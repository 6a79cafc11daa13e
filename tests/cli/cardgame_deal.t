cardgame table --only deal --format csv
0
a hand is void in some suit,14.765272633141398,16652924/112784399
