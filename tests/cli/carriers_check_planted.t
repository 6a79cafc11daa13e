carriers check --trials 2000 --plant zone-c-mod2
1
FAILED
