tune --vary pat.kick_at_least=5..2 --target 'P(success) kick=pat' --report /tmp/pb_cli_tune_bad.html; s=$?; test ! -e /tmp/pb_cli_tune_bad.html || s=99; (exit $s)
2
paperbowl tune: error: --vary pat.kick_at_least: the range '5..2' has no values (5 is above 2)
