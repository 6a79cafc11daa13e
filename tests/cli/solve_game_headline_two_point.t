solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output pb_cli_headline_tp | sed -n "/Two-point/,/What a timeout/p" | grep -E "^ +(-3|-1|0) "; rm -rf pb_cli_headline_tp
0
    -3   K   .
    -1   2   2
     0   K   K
