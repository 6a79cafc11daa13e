diff v1.11-ja v1.11-ja --togo 1,20,99 --threads 2
0
no change: every one of the
