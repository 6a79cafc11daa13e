sim --games 200
0
  turnovers (interceptions, fumbles)      1.215      1.335      2.550
  field goals after the last card         0.400      0.400      0.800
how safe a lead is: the lead entering quarter 4
  lead                                       games  leader wins    ties leader loses
  tied (home's view)                         3.00%       33.33%   0.00%       66.67%
