verify crosscheck --alpha 0x1p-3 --no-such-option
2
paperbowl verify: error: --alpha: '0x1p-3' must be a number between 0 and 1
