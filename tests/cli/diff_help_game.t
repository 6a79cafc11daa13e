diff --help
0
the charts themselves are not printed
