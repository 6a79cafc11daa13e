solve game --full-last 8 --output pb_cli_full_last_big.$$; rc=$?; [ -e pb_cli_full_last_big.$$/game-v1.11-ja.pbv ] && { echo "a file was written"; rc=3; }; rm -rf pb_cli_full_last_big.$$; exit $rc
2
paperbowl solve: error: --full-last 8: every state of the last 8 cards would take 4.54 GiB (over 4 GiB): keep fewer cards, or solve with a smaller --lead-cap
