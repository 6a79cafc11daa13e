cardgame sim --rules tests/data/cardgame_two_players.ini
2
--rules: the simulator plays 4 players
(the ruleset has 2 players, hands of 20, 4 x 11 cards)
