dist --offense run --defense 1 --togo 99 --depth 1 --json
0
"cut":"1/36"
