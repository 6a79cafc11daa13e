dist --policy '' --kickoff
2
paperbowl dist: error: --policy: '' has an empty entry
