/* cli/ask_define.h: the --define NAME=EVENT option that `ask` and `tune` share: one definition
 * read into the question reader's list (ask/ask.h, pb_ask_defines). */
#ifndef PB_CLI_ASK_DEFINE_H
#define PB_CLI_ASK_DEFINE_H

#include "ask.h"

/* Adds `arg` (NAME=EVENT) to defs; its text is copied into copies[defs->count] (malloc'd: the
 * caller frees each copy once the question is answered). 0, or PB_EXIT_USAGE with the message
 * printed ("--define: ..." naming the fault, or out of memory). */
int pb_cli_ask_define(const char *cmd, const char *arg, pb_ask_defines *defs, char *copies[PB_ASK_DEFINES_MAX]);

#endif
