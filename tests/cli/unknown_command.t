frobnicate
2
paperbowl: error: unknown command 'frobnicate'
