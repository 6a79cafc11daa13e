cardgame sim --games 2000 --seed 3 --strategy greedy/random
0
first offense greedy, first defense random
T10=next
