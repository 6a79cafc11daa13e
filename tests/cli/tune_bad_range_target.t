tune --vary 'field_goal.max_togo=20..40/10' --target 'P(success) kick=fg togo=30' --json
2
paperbowl tune: error: --target: 'P(success) kick=fg togo=30' with field_goal.max_togo=20: 1:25: a field goal from 30 yards to go is not allowed
