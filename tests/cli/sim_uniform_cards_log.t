sim --games 2 --seed 3 --uniform-cards --log pb_sim_cli_uniform_log.txt >/dev/null && cat pb_sim_cli_uniform_log.txt; rm -f pb_sim_cli_uniform_log.txt
0
== game 0 (seed 3, ruleset v1.11-ja): Home coach, Away coach
-- Q1: 20 plays, each play card drawn from the 24 (uniform cards)
Q3  #1/20 
-- final
