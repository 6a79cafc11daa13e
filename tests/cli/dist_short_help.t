dist -h
0
usage: paperbowl dist
touchdowns, turnovers and safeties are left
