dist --two-point --offense run --defense 2 --json
0
{"outcomes":[{"result":"touchdown","yards":0,"p":"1/1"}]
"td":"1/1"
