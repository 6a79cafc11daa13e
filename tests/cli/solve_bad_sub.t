solve foo
2
paperbowl solve: error: unknown subcommand 'foo' (ep, state, fourth, special, cards)
