carriers roll --zone C --dice 1,4
0
result: intercepted
