roll --help
0
--dice ROLLS
--switch ID=VALUE
