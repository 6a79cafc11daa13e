dist --offense long --defense 4 --card none --togo 50 --json
0
"complete":"1/3"
