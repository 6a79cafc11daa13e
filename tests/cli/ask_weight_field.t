ask --weight field 'P(td) offense=long defense=4 togo=5,6'
0
weights    togo, down, ytg from the field: expected snaps per drive from the kickoff in v1.11-ja
answer:   P(td) = 23.39% (mixed with the field weights
  5     0.470227  23.03%
  6     0.529773  23.70%
