soccer dist --kick lob --line ...T
0
faces 2,4      1/3  33.33%   pass complete to the teammate 4 squares away
