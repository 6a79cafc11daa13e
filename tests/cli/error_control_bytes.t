soccer table --only "$(printf 'a\033[31mb\001\r')"
2
paperbowl soccer: error: --only: unknown table 'a\x1b[31mb\x01\r' (see 'paperbowl soccer --help')
