/* cli/tables_edition.h: `paperbowl tables --edition rulebook` (cli/tables_edition.c). */
#ifndef PB_CLI_TABLES_EDITION_H
#define PB_CLI_TABLES_EDITION_H

#include "data.h"
#include "msg.h"

/* Computes what the edition needs into d (d->game: a solved game, or NULL), writes its files
 * into `out` (an existing directory). An exit status (a message printed on failure). */
int pb_cli_tables_edition(const char *cmd, pb_table_data *d, pb_lang lang, int digits, const char *out, int threads,
                          int quiet);

#endif
