rules show > pb_cli_rn_copy.ini && sed 's/^red_zone = 20/red_zone = 19/' pb_cli_rn_copy.ini > pb_cli_rn_my.ini && "$bin" rules show --ruleset pb_cli_rn_my.ini | sed -n '1p;4p' && "$bin" rules show --ruleset pb_cli_rn_copy.ini | sed -n '1p;4p'; rm -f pb_cli_rn_copy.ini pb_cli_rn_my.ini
0
; ruleset pb_cli_rn_my, from pb_cli_rn_my.ini, based on v1.11-ja
name = pb_cli_rn_my
; ruleset v1.11-ja, from pb_cli_rn_copy.ini
name = v1.11-ja
