dist --fg --togo 41
2
paperbowl dist: error: --togo: a field goal from 41 yards to go is not allowed (rule 3.6: at most 40)
