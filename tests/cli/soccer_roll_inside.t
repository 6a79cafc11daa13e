soccer roll --kick inside --line OT --inside-dist 2
0
2. an opponent stands on square 1 of the course: no inside kick this way (M13 = within-2)
