carriers table --only ,
2
paperbowl carriers: error: --only: an empty table id in ',' (see 'paperbowl carriers --help')
