diff v1.11-ja v1.11-en --togo 19,20,21 --threads 2 --top 2
1
- [pat] kick_at_least = 4
+ [pat] kick_at_least = 5
+ [defense 1] long = 5 6
  long vs D2, card none                togo 20 (1)
  field goal                           togo 20 (1)
  PAT kick
  onside kick
  two-point, long vs D1
