soccer kick
2
paperbowl soccer: error: unknown action 'kick'
