ask --define beat='first_down or td' 'P(beat) offense=long defense=4 zone=red'
0
beat       = first_down or td (--define)
by togo:
