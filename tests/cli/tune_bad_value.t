tune --vary 'punt.distance=40,-5' --target 'P(success) kick=pat' --report /tmp/pb_cli_tune_bad.html; s=$?; test ! -e /tmp/pb_cli_tune_bad.html || s=99; (exit $s)
2
paperbowl tune: error: --vary: punt.distance=-5: the ruleset refuses it: 'distance' = -5 is out of range (0..200)
