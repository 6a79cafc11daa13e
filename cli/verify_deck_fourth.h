/* cli/verify_deck_fourth.h: the 4th-down calls of `paperbowl verify deck` (cli/verify_deck_fourth.c):
 * the drive solver's go / field goal / punt, played under the uniform card and the real deck. */
#ifndef PB_CLI_VERIFY_DECK_FOURTH_H
#define PB_CLI_VERIFY_DECK_FOURTH_H

#include <stdint.h>
#include <stdio.h>

#include "deck.h"
#include "drive.h"
#include "sim.h"

#define PB_VERIFY_FOURTH_STATES 6

typedef struct {
    int togo, ytg;                       /* at the ruleset's last down */
    pb_drive_choice choice;              /* the solver's values and the go game's mixes */
    int nchoices;
    pb_drive_choice_kind kind[3];        /* go, [field goal], punt */
    double solver[3];                    /* the solver's EP of each */
    pb_verify_pair_stats_t stats[3];     /* the paired chains of each: uniform, real, the shift */
    int best, next;                      /* indexes of the solver's best call and the next */
    double real_margin, real_margin_se;  /* best - next under the real deck: the solver's margin + the shifts */
} pb_verify_fourth_state;

typedef struct {
    uint64_t drives;
    int nstates;
    pb_verify_fourth_state state[PB_VERIFY_FOURTH_STATES];
} pb_verify_fourth;

/* Solve the drive game of base->rules, pick the states and play `drives` paired chains of each
 * call (base: the simulator's configuration, its evaluator, seed and threads). An exit status. */
int pb_verify_deck_fourth(const char *cmd, const pb_sim_config *base, uint64_t drives, pb_verify_fourth *f);
void pb_verify_deck_fourth_text(FILE *out, const pb_verify_fourth *f);
/* "fourth":{...}, no comma around it. */
void pb_verify_deck_fourth_json(FILE *out, const pb_verify_fourth *f);

#endif
