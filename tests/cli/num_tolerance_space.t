solve ep --tolerance ' 1e-6' --no-such-option
2
paperbowl solve: error: --tolerance: ' 1e-6' must be a number from 1e-12 to 1e-3
