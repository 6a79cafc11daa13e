dist --kickoff --free-kick
0
free kick from the own 20
