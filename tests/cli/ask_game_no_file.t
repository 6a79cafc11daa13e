ask --ruleset tests/data/game_tiny.ini --values /nonexistent/x.pbv 'WP half=2 left=2 togo=50'
2
/nonexistent/x.pbv: cannot open: No such file or directory
