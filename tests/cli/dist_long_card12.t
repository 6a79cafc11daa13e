dist --offense long --defense 4 --card 12 --togo 15 --json
0
{"result":"incomplete","yards":0,"p":"2/3"}
{"result":"touchdown","yards":0,"p":"1/3"}
"td":"1/3"
"complete":"1/3"
"first_down":"0/1"
