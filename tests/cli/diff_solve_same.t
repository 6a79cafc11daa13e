diff v1.11-ja v1.11-ja --solve --threads 2
0
a value changes only when its certified intervals do not overlap: |B - A| > bound A + bound B;
EP at 1st and 10 (1st and goal inside the 10): 0 of 99 field positions change
no change: the try, the kicks, the EP of all 19800 states and all 1380 fourth-down decisions agree
