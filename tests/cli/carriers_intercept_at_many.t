carriers intercept --pass 0,6 --at 0,0/0,1/0,2/0,3/0,4/0,5/0,6/0,7/0,8/0,9/0,10/1,0/1,1/1,2/1,3/1,4/1,5/1,6/1,7/1,8/1,9/2,0/2,1/2,2/2,3/2,4/2,5/2,6/2,7/2,8/3,0/3,1/3,2/3,3/3,4/3,5/3,6/3,7/4,0/4,1/4,2/4,3/4,4/4,5/4,6/5,0/5,1/5,2/5,3/5,4/5,5/6,0/6,1/6,2/6,3/6,4/7,0/7,1/7,2/7,3/8,0/8,1/8,2/9,0/9,1/10,0
0
  defender at (10,0): not on the route, no interception
  defender at (0,5): zone A (the dice differ), 5/6
P(intercepted) = 5/6 = 83.33% (C4 = choose: the defense rolls once with its best piece)
