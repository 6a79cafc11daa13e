verify deck --games 0
2
--games
