solve wp --ruleset tests/data/game_tiny.ini --values tests/data/value_cut_header.pbv --half 2 --left 1 --lead 0 --togo 30
2
tests/data/value_cut_header.pbv: cut short: it ends inside its first line
