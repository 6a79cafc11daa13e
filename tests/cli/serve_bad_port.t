serve --port 70000
2
paperbowl serve: error: --port: 70000 is out of range (0..65535)
