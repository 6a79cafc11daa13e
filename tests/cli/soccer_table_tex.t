soccer table --only pk --format tex
0
penalty kick & 66.67 \\
\caption{Penalty kick (\%)}\label{tab:pk}
