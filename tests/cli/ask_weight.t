ask --weight tests/data/ask_weights.txt 'P(complete) offense=long defense=4 card=none zone=red'
0
answer:   P(complete) = 211/720 = 29.31%
togo from the --weight file
