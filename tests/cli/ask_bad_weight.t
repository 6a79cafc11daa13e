ask --weight tests/data/ask_bad_weights.txt 'P(td) offense=run'
2
--weight: tests/data/ask_bad_weights.txt:3:6: togo 5 already has a weight (line 2)
