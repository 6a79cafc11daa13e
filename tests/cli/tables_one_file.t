tables --only fg --format txt --out /tmp/pb_cli_tables_one
0
paperbowl tables: 1 file written to /tmp/pb_cli_tables_one/ (ruleset v1.11-ja)
