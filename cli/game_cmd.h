/* cli/game_cmd.h: the pieces the other games' commands (cmd_soccer.c, cmd_carriers.c,
 * cmd_cardgame.c) share: the --set list, the ruleset read from --rules or the embedded one with
 * the --set changes applied, --format, --only and the tables written one after another. Knows no
 * game: each command passes its game's pb_gsw_rules_io (game_switch.h) and table ids. Errors are printed as
 * "paperbowl CMD: error: ..." and returned as PB_EXIT_USAGE (cli.h). */
#ifndef PB_GAME_CMD_H
#define PB_GAME_CMD_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "game_switch.h"
#include "msg.h"
#include "table.h"

#define PB_GCMD_SETS_MAX 32

/* The --set ID=VALUE options, in order. */
typedef struct {
    const char *v[PB_GCMD_SETS_MAX];
    int n;
} pb_gcmd_sets;

/* The options every game command takes, first in its getopt table (PB_GCMD_OPTIONS needs
 * <getopt.h>); the command's own option codes start at PB_GCMD_O_NEXT. */
enum { PB_GCMD_O_RULES = 256, PB_GCMD_O_SET, PB_GCMD_O_FORMAT, PB_GCMD_O_ONLY, PB_GCMD_O_LANG, PB_GCMD_O_NEXT };
#define PB_GCMD_OPTIONS                                                                                    \
    {"rules", required_argument, NULL, PB_GCMD_O_RULES}, {"set", required_argument, NULL, PB_GCMD_O_SET}, \
        {"format", required_argument, NULL, PB_GCMD_O_FORMAT}, {"only", required_argument, NULL, PB_GCMD_O_ONLY}, \
        {"lang", required_argument, NULL, PB_GCMD_O_LANG}

/* Their values: --rules FILE, --format, --only (NULL when not given), the --set list and --lang
 * (en, the default, or ja: the words of the report page). */
typedef struct {
    const char *file, *format, *only;
    pb_gcmd_sets sets;
    pb_lang lang;
} pb_gcmd_common;

/* pb_cli_opts_next (cli.h) that takes the common options into c on the way: the command's own
 * next option, PB_CLI_OPTS_END, or PB_CLI_OPTS_EXIT with g->status (PB_EXIT_USAGE after
 * "--set: too many" or an unknown --lang). */
int pb_gcmd_next(pb_cli_opts *g, pb_gcmd_common *c);

/* The ruleset: the embedded one (file NULL) or the file's, then the first nsets of s applied.
 * 0, or PB_EXIT_USAGE after "--rules: ..." or "--set: ...". */
int pb_gcmd_load(const char *cmd, const pb_gsw_rules_io *io, void *rules, const char *file, const pb_gcmd_sets *s,
                 int nsets);

/* --format (NULL: txt; txt, text, md, csv, tex) and --only (NULL: all; ids separated by commas, each
 * one of the n ids) into *f and want[0..n). 0, or PB_EXIT_USAGE after the message. */
int pb_gcmd_table_opts(const char *cmd, const char *format, const char *only, const char *const *ids, int n,
                       pb_table_format *f, bool *want);

/* Writes the wanted tables of t[0..n) to stdout, a blank line between two: PB_EXIT_OK, or
 * PB_EXIT_FAIL when a write fails. */
int pb_gcmd_write_tables(const pb_table *t, size_t n, const bool *want, pb_table_format f);

/* report --out FILE.html: before the work, the checks of the one writer (core/outfile.h): 0, or
 * PB_EXIT_USAGE after "report: --out FILE.html is required" or "--out: ...". */
int pb_gcmd_page_check(const char *cmd, const char *out);
/* ... then the page written (page freed; NULL: out of memory): "wrote FILE" and PB_EXIT_OK, or an
 * error and its status. */
int pb_gcmd_page_write(const char *cmd, const char *out, char *page, size_t len);

#endif
