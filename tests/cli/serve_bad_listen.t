serve --listen nowhere --port 0
2
paperbowl serve: error: --listen: 'nowhere' is not an IPv4 or IPv6 address
