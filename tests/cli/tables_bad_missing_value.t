tables --out
2
paperbowl tables: error: option '--out' needs a value
