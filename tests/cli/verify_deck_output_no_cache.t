verify deck --output /tmp --no-cache
2
paperbowl verify deck: error: --output and --no-cache do not go together
