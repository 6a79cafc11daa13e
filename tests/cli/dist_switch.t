dist --offense long --defense 2 --togo 2 --switch END-LINE=ge
0
switches END-LINE=ge
incomplete  11/18
