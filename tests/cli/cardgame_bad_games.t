cardgame sim --games 0
2
--games
