carriers intercept --pass 0,6 --at 0,3//0,5
2
paperbowl carriers: error: --at: '0,3//0,5' is not X,Y[/X,Y...] with |X| + |Y| <= 20
