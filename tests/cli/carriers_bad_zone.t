carriers roll --zone E --dice 1,2
2
paperbowl carriers: error: --zone: expected A, B, C or D
