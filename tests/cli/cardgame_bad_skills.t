cardgame sim --skills 3,12
2
--skills: bad skill list '3,12'
