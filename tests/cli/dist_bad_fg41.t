dist --fg --togo 41
2
paperbowl dist: error: --togo: a field goal from 41 yards to go is not allowed (at most 40
