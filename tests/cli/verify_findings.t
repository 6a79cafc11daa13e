verify findings --threads 2 --top 0
0
run vs D1 and short vs D1
run vs D1 and short vs D4
card 13 Run-Play Bonus         never changes: run vs D1; short (all defenses); long (all defenses)
card 06 Challenge              never changes: run (all defenses); short vs D1,4
td     togo  3:   33.33% -> togo  4:   50.00%  (+16.67%, exact +1/6)
