/* cli/solve_print.h: the drive solver's answers as text, CSV and JSON (`paperbowl solve`).
 * Each printer writes to `out` (a memory stream: cmd_solve.c writes it whole) and returns 0,
 * or an exit status after printing an error. */
#ifndef PB_SOLVE_PRINT_H
#define PB_SOLVE_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "drive.h"

typedef enum { PB_SOLVE_TXT, PB_SOLVE_CSV, PB_SOLVE_JSON } pb_solve_format;

typedef struct {
    const pb_drive *d;
    const pb_policies *policies;
    pb_solve_format format;
    const char *const *switches;   /* the --switch assignments, named in headings */
    int nswitches;
    bool timings;                  /* --timings: the solve's seconds in JSON and on stderr */
} pb_solve_print_ctx;

/* ",v": one CSV field, a double in the fewest digits that read back as it (pb_table_csv_real). */
void pb_solve_csv_real(FILE *out, double v);

int pb_solve_print_ep(FILE *out, const pb_solve_print_ctx *c);
int pb_solve_print_state(FILE *out, const pb_solve_print_ctx *c, int togo, int down, int ytg);
int pb_solve_print_fourth(FILE *out, const pb_solve_print_ctx *c);
int pb_solve_print_special(FILE *out, const pb_solve_print_ctx *c);
/* At `s` (togo, down, ytg), or at the four standard states when s is NULL. */
int pb_solve_print_cards(FILE *out, const pb_solve_print_ctx *c, const pb_situation *s);
/* The solved strategy as a strategy file (doc/sim.md, "Strategy files") that `paperbowl sim`
 * plays: one [offense] and one [defense] rule per state, weights = mix x 1,000,000 rounded. */
int pb_solve_print_strategy(FILE *out, const pb_drive *d, const pb_policies *policies);

/* Shared by the printers: the heading of a text answer (what, the ruleset, switches, policies,
 * the solve's figures); a JSON value written with the common flags (0, or an exit status; the
 * value is released); an array of n probabilities. */
void pb_solve_heading(FILE *out, const pb_solve_print_ctx *c, const char *what);
int pb_solve_json_out(FILE *out, json_t *root);
json_t *pb_solve_json_mix(const double *p, int n);

/* "own 20", "50", "opp 20" for a togo. */
const char *pb_solve_spot_name(int togo, char *buf, size_t len);

#endif
