tune --vary pat.kick_at_least=2..3 --target 'WP half=2 left=1 lead=0 togo=50'
2
it needs --game
