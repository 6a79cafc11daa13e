dist --onside --json
0
"kept":"1/3"
{"result":"kept","yards":58,"p":"1/6"}
"mean_start":"35/1"
