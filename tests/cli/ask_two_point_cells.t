ask --cells 'P(success) kick=two-point offense=run,long defense=3,4'
0
  run      4         1/4  7/9 = 77.78%
  long     4         1/4  1/6 = 16.67%
