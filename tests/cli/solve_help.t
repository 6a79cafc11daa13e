solve --help
0
usage: paperbowl solve ep|state|fourth|special|cards [OPTIONS]
