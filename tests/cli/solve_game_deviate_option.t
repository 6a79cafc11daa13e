solve game --deviate always-pat
2
paperbowl solve: error: --deviate belongs to 'solve check'
