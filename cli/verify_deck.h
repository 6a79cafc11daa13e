/* cli/verify_deck.h: `paperbowl verify deck` (cli/verify_deck.c), called by cmd_verify. */
#ifndef PB_CLI_VERIFY_DECK_H
#define PB_CLI_VERIFY_DECK_H

/* argv[0] "verify", argv[1] "deck", then the options. An exit status. */
int pb_cli_verify_deck(int argc, char **argv);

#endif
