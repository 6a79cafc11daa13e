/* cli/verify_game.h: `paperbowl verify switches --game` (cli/verify_game.c). */
#ifndef PB_VERIFY_GAME_H
#define PB_VERIFY_GAME_H

#include "play.h"

typedef struct {
    int threads, lead_cap;
    int timings;        /* each solve's seconds to stderr */
    const char *only;   /* "ID,ID,...": only these switches' alternatives; NULL: every switch */
    const char *cache;  /* each game's value file read from this directory when fresh, else solved and
                           written there (as `diff --game --cache`); NULL: every game solved */
    const char *const *switches;   /* the --switch flips of the baseline (they name its files) */
    int nswitches;
} pb_cli_sweep_opts;

/* Solve the game at every alternative value of every switch (or those of `only`) and rank the
 * switches by how far they move it. The solves are spread over MPI's ranks in the MPI build
 * (cli/spread.h); the report is the same bytes. An exit status. */
int pb_cli_verify_switches_game(const pb_ruleset *rs, const pb_policies *pol, const pb_cli_sweep_opts *o);

#endif
