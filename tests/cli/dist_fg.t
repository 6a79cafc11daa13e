dist --fg --togo 33 --json
0
"good":"4/9"
{"result":"start","yards":67,"p":"5/9"}
