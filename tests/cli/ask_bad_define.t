ask --define beat='first_dwn or td' 'P(beat) offense=run'
2
--define beat: 1:1: unknown event 'first_dwn' (did you mean 'first_down'?)
