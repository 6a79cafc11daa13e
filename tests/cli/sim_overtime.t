sim --games 3000 --seed 9 --ruleset v1.11-en --switch OT=sudden-death --evaluator none
0
ruleset v1.11-en (embedded) with OT=sudden-death;
evaluator none
games to overtime
  overtime
