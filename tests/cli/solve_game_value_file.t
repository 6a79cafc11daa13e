solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output pb_cli_vf.$$ > pb_cli_vf.$$.out 2>&1; solve_rc=$?; cat pb_cli_vf.$$.out; said=$(sed -n 's/^value file: .*pbv, [0-9.]* kB (\([0-9]*\) bytes).*/\1/p' pb_cli_vf.$$.out); real=$(wc -c < pb_cli_vf.$$/game-game-tiny.pbv); [ -n "$said" ] && [ "$said" = "$real" ] && echo "the size said is the file's"; rm -rf pb_cli_vf.$$ pb_cli_vf.$$.out; exit $solve_rc
0
value file: pb_cli_vf.
/game-game-tiny.pbv, 60.9 kB (
the headline states kept (--headline)
the size said is the file's
