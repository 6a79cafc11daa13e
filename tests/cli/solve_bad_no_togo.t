solve state
2
solve state needs --togo
