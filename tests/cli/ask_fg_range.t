ask 'P(success) kick=fg togo=45'
2
1:25: a field goal from 45 yards to go is not allowed in v1.11-ja (rule 3.6: at most 40)
