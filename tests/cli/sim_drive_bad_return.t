sim --drive --togo 80 --games 10 --home tests/data/sim_drive_bad_return.ini
2
paperbowl sim: error: --home: tests/data/sim_drive_bad_return.ini:9:12: unknown choice 'fair_catch' in [return] (return, touchback)
