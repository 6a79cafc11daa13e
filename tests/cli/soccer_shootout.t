soccer shootout --p 1/2
0
level after the regular kicks     24.61%  63/256
expected kicks                   10.0312  321/32
