roll --offense long --defense 4 --card 25 --dice 2-5
2
--card: unknown play card '25' (01..24, none)
