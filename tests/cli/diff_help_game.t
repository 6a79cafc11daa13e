diff --help
0
                         bound, and the two-point and fourth-down choices that change (half 2; the
  --cache DIR            (--game) read each game's value file from DIR when it is fresh (the same
