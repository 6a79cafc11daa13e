solve check --also-from 1,2,3 --games 10; "$bin" solve check --also-from 1,41,0,80,1,10 --games 10
2
paperbowl solve: error: --also-from '1,2,3': expected HALF,LEFT,LEAD,TOGO,DOWN,YTG[,TIMEOUTS,OPP_TIMEOUTS[,RECEIVES]]
paperbowl solve: error: --also-from '1,41,0,80,1,10': the cards left out of range
