ask 'P(complete) offense=long defense=4 card=none zone=red'
0
togo       1..20 (zone red: togo 1..20 in v1.11-ja)
answer:   P(complete) = 31/120 = 25.83%
  1..7    16.67%  1/6
  12..20  33.33%  1/3
