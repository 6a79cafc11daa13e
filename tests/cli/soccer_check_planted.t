soccer check --trials 2000 --plant tie-holder
1
FAILED
