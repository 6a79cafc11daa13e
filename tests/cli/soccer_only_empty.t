soccer table --only ''
2
paperbowl soccer: error: --only: an empty table id in '' (see 'paperbowl soccer --help')
