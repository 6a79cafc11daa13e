/* cli/solve_game.h: the printers of `paperbowl solve game` and `solve wp` (cli/solve_game_print.c). */
#ifndef PB_SOLVE_GAME_H
#define PB_SOLVE_GAME_H

#include <stdio.h>

#include "wp.h"

typedef struct {
    const pb_wp *w;
    int json;
    const char *const *switches;
    int nswitches;
    const char *values_path;   /* the value file written or read (NULL: solved here) */
} pb_solve_game_ctx;

/* The headline answers of a solved game. An exit status. */
int pb_solve_game_print(FILE *out, const pb_solve_game_ctx *c);
/* One moment: its value and the alternatives. An exit status (2 for a moment not in the game). */
int pb_solve_game_print_wp(FILE *out, const pb_solve_game_ctx *c, const pb_wp_moment *m);

int pb_cli_solve_game(int argc, char **argv);

#endif
