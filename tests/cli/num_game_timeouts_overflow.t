solve wp --values /nonexistent.pbv --timeouts 4294967299,3
2
paperbowl solve: error: --timeouts '4294967299,3': expected A,B (each 0..9)
