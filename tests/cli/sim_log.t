sim --games 3 --seed 5 --log pb_sim_cli_log.txt --log-games 2 >/dev/null && cat pb_sim_cli_log.txt; rm -f pb_sim_cli_log.txt
0
== game 0 (seed 5, ruleset v1.11-ja): Home coach, Away coach
== game 1 (seed 5
coin toss:
Q1  kickoff
box score
-- final
