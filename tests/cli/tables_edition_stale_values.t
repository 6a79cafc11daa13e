tables --only pat --format txt --out ed --quiet; echo junk > ed/game-v1.11-ja.pbv; "$bin" tables --edition rulebook --out ed --quiet
0
ed/game-v1.11-ja.pbv: not a paperbowl value file
the edition's charts are by drive EP
