carriers chart --pass 4294967297,3
2
paperbowl carriers: error: --pass: '4294967297,3' is not X,Y with |X| + |Y| <= 20
