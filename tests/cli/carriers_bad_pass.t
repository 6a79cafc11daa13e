carriers chart --pass 30,1
2
paperbowl carriers: error: --pass: '30,1' is not X,Y with |X| + |Y| <= 20
