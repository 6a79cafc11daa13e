dist --togo +5 --kickoff
0
mean_start
