rules show --switch END-LINE=ge --switch C18-ROUND=floor
0
END-LINE = ge
C18-ROUND = floor
