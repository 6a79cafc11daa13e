carriers report --out pb_cli_carriers_report.html; grep -c '<svg' pb_cli_carriers_report.html; rm -f pb_cli_carriers_report.html
0
wrote pb_cli_carriers_report.html
3
