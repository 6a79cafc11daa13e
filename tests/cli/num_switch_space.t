rules show --switch 'TIMEOUTS= 2'
2
paperbowl rules: error: --switch: switch TIMEOUTS has no value ' 2'
