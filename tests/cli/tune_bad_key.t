tune --vary pat.kick_at_lest=2..12 --target 'P(success) kick=pat' --report /tmp/pb_cli_tune_bad.html; s=$?; test ! -e /tmp/pb_cli_tune_bad.html || s=99; (exit $s)
2
paperbowl tune: error: --vary: unknown key 'pat.kick_at_lest'
