dist --pat --json
0
"good":"11/12"
