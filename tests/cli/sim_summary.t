sim --games 2000 --seed 7 --threads 2
0
paperbowl sim: 2000 games, seed 7
ruleset v1.11-ja (embedded); home coach (embedded), away coach (embedded)
policies challenge=best,timeout=best,penalty=best,return=best; evaluator exact
points per game (mean)
drives end in
field goals by distance (both teams)
how safe a lead is
