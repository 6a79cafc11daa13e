rules show > /tmp/pb_cli_rn_copy.ini && sed 's/^red_zone = 20/red_zone = 19/' /tmp/pb_cli_rn_copy.ini > /tmp/pb_cli_rn_my.ini && "$bin" rules show --ruleset /tmp/pb_cli_rn_my.ini | sed -n '1p;4p' && "$bin" rules show --ruleset /tmp/pb_cli_rn_copy.ini | sed -n '1p;4p'; rm -f /tmp/pb_cli_rn_copy.ini /tmp/pb_cli_rn_my.ini
0
; ruleset pb_cli_rn_my, from /tmp/pb_cli_rn_my.ini, based on v1.11-ja
name = pb_cli_rn_my
; ruleset v1.11-ja, from /tmp/pb_cli_rn_copy.ini
name = v1.11-ja
