tune --vary pat.kick_at_least=2..3 --target 'P(success) kick=pat' --balance
2
paperbowl tune: error: --balance: give two targets or more (--target repeated)
