diff tests/data/game_tiny.ini tests/data/game_tiny.ini --game --switch OT=sudden-death --lead-cap 1
1
  overtime toss          none           0.473596  1.1e-12                       CHANGED
the game changes
diff --game: A = game-tiny -> B = game-tiny with OT=sudden-death (tests/data/game_tiny.ini
