ask 'P(td) lead=-1..1'
2
the question needs 106920 enumerations of a play (at most 100000; card=deck counts 24)
