tune --vary pat.kick_at_least=2..3 --target 'best togo=35 down=4 ytg=3' --report /tmp/pb_cli_tune_bad.html; s=$?; test ! -e /tmp/pb_cli_tune_bad.html || s=99; (exit $s)
2
paperbowl tune: error: --target: 'best togo=35 down=4 ytg=3' is a choice, not a number
