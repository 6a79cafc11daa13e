roll --fg --togo 41 --dice 2-5
2
a field goal from 41 yards to go is not allowed (rule 3.6: at most 40)
