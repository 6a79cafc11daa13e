tune --vary 'field_goal.within_30={1|1 2|1 2 3}' --vary field_goal.doubles=yes,no --target 'P(success) kick=fg togo=30' --equal 1/2 --json
0
{"set":{"field_goal.within_30":"1","field_goal.doubles":"yes"},"value":"4/9","decimal":0.4444444444}
{"set":{"field_goal.within_30":"1 2","field_goal.doubles":"no"},"value":"5/9","decimal":0.5555555556}
"tie":true
