ask --ruleset tests/data/enum_stall.ini 'P(td) offense=run defense=1 card=18'
2
(offense run; defense 1; card 18 Defense Bonus; togo 1; down 1st; ytg 10, or goal to go inside the 10; lead 0; timeouts 3,3; stall-test)
