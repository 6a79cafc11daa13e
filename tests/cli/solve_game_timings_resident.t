solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --threads 1 --headline --timings --no-progress --output pb_cli_res.$$ 2> pb_cli_res.$$.err > /dev/null; rc=$?; cat pb_cli_res.$$.err; mib=$(sed -n 's/.*, \([0-9][0-9]*\) MiB resident (the process, measured)$/\1/p' pb_cli_res.$$.err); total=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo); [ -n "$mib" ] && [ "$mib" -ge 1 ] && [ "$mib" -le "$total" ] && echo "the resident peak is a size this machine can hold"; rm -rf pb_cli_res.$$ pb_cli_res.$$.err; exit $rc
0
paperbowl solve: 4 layers, 588630 states, lead cap 2, 1 thread;
MiB (the layers, counted),
the resident peak is a size this machine can hold
