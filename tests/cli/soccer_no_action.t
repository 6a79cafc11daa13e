soccer
2
paperbowl soccer: error: what to do? table, dist, roll, shootout, switches, impact, diff, check, report (see 'paperbowl soccer --help')
