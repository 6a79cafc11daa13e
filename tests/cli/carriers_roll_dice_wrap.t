carriers roll --zone A --dice 4294967297,3
2
paperbowl carriers: error: --dice: expected two faces, e.g. --dice 3,5
