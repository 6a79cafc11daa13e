roll --timeouts 9,9 --kickoff --dice 3-4,2-5
2
paperbowl roll: error: --timeouts 9,9: this ruleset gives 3 timeouts a half
