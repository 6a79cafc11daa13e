solve game --ruleset tests/data/game_tiny.ini --lead-cap 4 --headline --output /tmp/pb_cli_vf.$$; solve_rc=$?; ls -l /tmp/pb_cli_vf.$$ | sed -n "s/.* \([0-9][0-9]*\) [A-Z][a-z][a-z] .*pbv$/size \1/p"; rm -rf /tmp/pb_cli_vf.$$; exit $solve_rc
0
the headline states kept (--headline)
89.2 kB (89238 bytes)
size 89238
