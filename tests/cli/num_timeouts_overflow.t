roll --kickoff --dice 3-4,2-2 --timeouts 4294967299,3
2
paperbowl roll: error: --timeouts: '4294967299,3' must be O,D with 0..9 each
