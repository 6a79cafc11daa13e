solve ep --json --format csv --no-such-option
2
paperbowl solve: error: --json and --format, or two --format, ask for different formats
