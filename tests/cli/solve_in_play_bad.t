solve game --in-play maybe
2
paperbowl solve: error: --in-play 'maybe': policy or value
