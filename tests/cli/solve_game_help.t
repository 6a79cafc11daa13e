solve game -h
0
usage: paperbowl solve game [OPTIONS]
Solves the whole game and writes its value file
--full | --headline
