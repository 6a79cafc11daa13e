soccer roll --charge field --dice 4294967297,3
2
paperbowl soccer: error: --dice: expected the charger's and the holder's faces, e.g. --dice 3,4
