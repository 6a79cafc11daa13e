roll --offense long --defense 6 --dice 2-5
2
--defense: unknown defense card '6' (1..5)
