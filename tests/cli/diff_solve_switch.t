diff v1.11-ja v1.11-ja --switch PEN-1ST=no-first-down --solve --json --threads 2
1
"PEN-1ST=no-first-down"
"+ [switches] PEN-1ST = no-first-down"
"delta": -0.00536460289568,
