sim --drive --togo 1 --down 4 --ytg 1 --games 1000 --json --threads 1 --ruleset tests/data/sim_drive_fg99.ini --home tests/data/sim_drive_fg.ini --away tests/data/sim_drive_fg.ini
0
"mode": "drive"
"drives": 1000
"start": {
"sum_squares": 9000
"plays": 0
