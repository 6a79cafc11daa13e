ask 'WP half=2 left=2 lead=-2 togo=50 offense=run'
2
paperbowl ask: error: 1:34: the game's questions take half, left, lead, togo, down, ytg, timeouts, kick and receives
^~~~~~~
