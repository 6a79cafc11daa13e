cardgame sim --strategy greedy/smart
2
--strategy: unknown strategy 'greedy/smart'
