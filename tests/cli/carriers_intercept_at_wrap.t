carriers intercept --pass 0,6 --at 0,3/4294967296,3
2
paperbowl carriers: error: --at: '4294967296,3' is not X,Y with |X| + |Y| <= 20
