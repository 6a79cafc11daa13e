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
    int values_all;            /* the value file keeps every state (else the headline states) */
    int values_last;           /* values_all 0: K > 0 when it keeps every state of half 2's last K cards */
    const char *deck_line;     /* NULL, or the real deck's toss as `verify deck` cached it (one line) */
} pb_solve_game_ctx;

/* The headline answers of a solved game. An exit status. */
int pb_solve_game_print(FILE *out, const pb_solve_game_ctx *c);
/* One moment: its value and the alternatives. An exit status (2 for a moment not in the game). */
int pb_solve_game_print_wp(FILE *out, const pb_solve_game_ctx *c, const pb_wp_moment *m);

int pb_cli_solve_game(int argc, char **argv);

/* DIR/deck-<ruleset>.txt, the figures `verify deck` caches for `solve game` (malloc'd; NULL when
 * out of memory). */
char *pb_cli_deck_cache_path(const char *rules_name, const char *dir);
/* Its first line into buf, without the newline: 0, or -1 when there is none (not a regular file,
 * unreadable, empty). */
int pb_cli_deck_line(const char *rules_name, const char *dir, char *buf, size_t len);
/* The value file's name in DIR: DIR/game-<ruleset>[-<ID>=<VALUE>...][-<POLICY>=<VALUE>...]
 * [-in-play=value].pbv (the switches, the policies not at best), malloc'd (the caller frees it);
 * NULL when out of memory. */
char *pb_cli_game_value_path(const char *rules_name, const char *const *switches, int nswitches,
                             const pb_policies *pol, const char *dir);
/* The solved game of these rules (which must outlive it), policies and switches, for another
 * command (`tables --game`, `diff --game --cache`): read from `values` when given (an error if it
 * is not a good file of them), else from DIR's file of them (game-<ruleset>[-<switches>].pbv) when
 * it is there and good (solved at lead_cap: 0 the default), else solved (the headline states kept)
 * and written there (*solved 1; solved may be NULL). An exit status. */
int pb_cli_game_values(const char *cmd, const pb_ruleset *rules, const pb_policies *pol, const char *const *switches,
                       int nswitches, const char *values, const char *dir, int threads, int lead_cap, pb_wp **w,
                       int *solved);
/* pb_cli_game_values in two steps: _read gives the game from `values` or DIR's good file, or *w
 * NULL when it must be solved (the reason printed: no file, stale...), an exit status; _solve
 * solves it and writes DIR's file (*solved 1 when done), an exit status. `tables --game` writes
 * the rule tables between the two. */
int pb_cli_game_values_read(const char *cmd, const pb_ruleset *rules, const pb_policies *pol,
                            const char *const *switches, int nswitches, const char *values, const char *dir,
                            int threads, int lead_cap, pb_wp **w);
int pb_cli_game_values_solve(const char *cmd, const pb_ruleset *rules, const pb_policies *pol,
                             const char *const *switches, int nswitches, const char *dir, int threads, int lead_cap,
                             pb_wp **w, int *solved);
/* The same from DIR's file (`diff --game --cache`, `verify switches --game --cache`), but a game
 * solved is read back from the file it was written to, so that every run on the cache gives the
 * file's values (its 1st downs as floats): *solved says whether it was solved. An exit status. */
int pb_cli_game_cached(const char *cmd, const pb_ruleset *rules, const pb_policies *pol, const char *const *switches,
                       int nswitches, const char *dir, int threads, int lead_cap, pb_wp **w, int *solved);

#endif
