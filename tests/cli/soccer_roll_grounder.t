soccer roll --kick grounder --line ...K.G --die 6
0
2. the opponent goalkeeper stands 4 squares away: compare 6 with 4: +2
result: deflected 2 squares off the goalkeeper 4 away, direction: kicker's choice (straight on: a goal)
