ask --weight field 'P(success) kick=fg'
2
paperbowl ask: error: 1:17: --weight field weighs the situations of a drive (togo, down, ytg): it applies to plays and to E(next_score) and best, not to kick=fg
