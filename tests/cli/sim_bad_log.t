sim --log /nonexistent/dir/log.txt --games 2
2
paperbowl sim: error: --log: cannot write '/nonexistent/dir/log.txt'
