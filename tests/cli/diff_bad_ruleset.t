diff v1.11-ja nosuch
2
paperbowl diff: error: unknown ruleset 'nosuch'
