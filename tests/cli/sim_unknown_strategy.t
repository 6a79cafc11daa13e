sim --away coah
2
paperbowl sim: error: --away: unknown strategy 'coah' (embedded: coach, uniform, always-run; or a file)
