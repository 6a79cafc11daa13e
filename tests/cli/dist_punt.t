dist --punt --togo 40 --json
0
{"outcomes":[{"result":"start","yards":80,"p":"1/1"}]
