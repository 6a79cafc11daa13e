roll --offense long --defense 4 --card 12 --togo 15 --dice 3-3,2-5 --json
0
{"result":"touchdown","yards":0}
