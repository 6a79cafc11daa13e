tables extra
2
paperbowl tables: error: unexpected argument 'extra'
