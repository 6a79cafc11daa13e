verify crosscheck --seed 1e20 --no-such-option
2
paperbowl verify: error: --seed: 1e20 is out of range (0..18446744073709551615)
