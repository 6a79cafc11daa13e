cardgame report --lang ja --out pb_cli_cardgame_report.html; grep -o 'lang="ja"\|4 スート × 11 ランク' pb_cli_cardgame_report.html; rm -f pb_cli_cardgame_report.html
0
wrote pb_cli_cardgame_report.html
lang="ja"
4 スート × 11 ランク
