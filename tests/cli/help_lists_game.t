--help
0
(solve game|wp|check)
paperbowl --help | -h | --version
