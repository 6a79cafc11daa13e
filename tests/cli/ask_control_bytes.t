ask "$(printf 'P(td) \033[31m')"
2
found '\x1b'
    P(td) \x1b[31m
          ^~~~
