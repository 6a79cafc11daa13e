grid --no-progress --threads 2 | grep -E '^(kind|field_goal,,,,33,|pat,|onside,|two_point,run,2,|play,long,4,none,50,)'
0
kind,offense,defense,card,togo,td,turnover,safety,complete,first_down,mean_yards,cut,good,kept,mean_start
field_goal,,,,33,,,,,,,0/1,4/9,,
pat,,,,,,,,,,,0/1,11/12,,
onside,,,,,,,,,,,0/1,,1/3,35/1
two_point,run,2,,,1/1,0/1,0/1,0/1,0/1,0/1,0/1,,,
play,long,4,none,50,
,0/1,0/1,1/3,
