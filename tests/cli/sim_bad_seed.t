sim --seed -1
2
paperbowl sim: error: --seed: -1 is out of range (0..18446744073709551615)
