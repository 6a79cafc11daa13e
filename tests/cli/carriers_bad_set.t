carriers table --set C3=line
2
paperbowl carriers: error: --set: switch C3: bad value 'line' (expected supercover, bresenham, rectangle)
