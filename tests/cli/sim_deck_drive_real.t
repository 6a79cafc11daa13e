sim --drive --togo 80 --games 50000 --seed 3 --deck real
0
no clock: each snap's play card turned from the real deck (dealt quarter decks), timeouts 3,3 at every snap; a drive chain
mean signed points (home - away)   0.71872
