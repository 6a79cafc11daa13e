tune --vary pat.kick_at_least=2..3 --target 'P(success) kick=pat' --equal 0.9x
2
paperbowl tune: error: --equal: '0.9x' is not a number
