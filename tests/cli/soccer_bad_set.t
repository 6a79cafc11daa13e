soccer table --set M3=KKX
2
paperbowl soccer: error: --set: switch M3: bad value 'KKX'
