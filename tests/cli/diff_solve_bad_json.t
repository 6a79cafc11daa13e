diff v1.11-ja v1.11-en --json
2
paperbowl diff: error: --json belongs to 'diff A B --solve'
