dist --kickoff
0
kickoff from the own 30: the receiving team's start
mean_start
