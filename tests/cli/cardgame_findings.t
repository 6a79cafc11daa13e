cardgame findings
0
before the last trick: 0 of 554 series that reach the kick score it -- the condition can never hold
