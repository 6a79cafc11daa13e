sim --bogus
2
paperbowl sim: error: unknown option '--bogus' (see 'paperbowl sim --help')
