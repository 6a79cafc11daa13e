dist --fg --togo 33
0
miss: start 67  5/9           55.56%
