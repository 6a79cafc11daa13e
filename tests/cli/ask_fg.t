ask 'P(success) kick=fg togo=36'
0
action     kick=fg (a field goal)
answer:   P(success) = 1/6 = 16.67%
