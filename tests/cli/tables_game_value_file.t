tables --ruleset tests/data/game_tiny.ini --game --only game-two-point --format txt --out pb_cli_tables_vf.$$ > pb_cli_tables_vf.$$.out 2>&1; rc=$?; cat pb_cli_tables_vf.$$.out; said=$(sed -n 's/.*game-tiny.pbv written, [0-9.]* MB (\([0-9]*\) bytes).*/\1/p' pb_cli_tables_vf.$$.out); real=$(wc -c < pb_cli_tables_vf.$$/game-game-tiny.pbv); [ -n "$said" ] && [ "$said" = "$real" ] && echo "the size said is the file's"; rm -rf pb_cli_tables_vf.$$ pb_cli_tables_vf.$$.out; exit $rc
0
paperbowl tables: value file pb_cli_tables_vf.
game-tiny.pbv written, 0.4 MB (
the size said is the file's
