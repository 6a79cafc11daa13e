dist --offense run --defense 1
0
mean_yards  94273852458326349603057915463871919853/11225655736248599148938163979834692649     8.40 yards (touchdowns, turnovers, safeties left out)
