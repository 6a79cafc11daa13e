roll --offense run --defense 4 --dice 2-5 --json
0
{"result":"gain","yards":3}
