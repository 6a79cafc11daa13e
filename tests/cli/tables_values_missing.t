tables --values /nonexistent.pbv --only fg --out pb_cli_tables_values
2
paperbowl tables: error: /nonexistent.pbv: cannot open: No such file or directory
