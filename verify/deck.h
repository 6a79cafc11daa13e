/* verify/deck.h: the paired deck check (verify/deck.c): the same games on common random numbers
 * with the uniform card and with another card process, and their difference. */
#ifndef PB_VERIFY_DECK_H
#define PB_VERIFY_DECK_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

typedef enum {
    PB_VERIFY_DECK_REAL,    /* the rulebook's dealt decks (whole games: a deal each quarter; drives: sim.h drive_deck) */
    PB_VERIFY_DECK_PLANT    /* the uniform card, card PB_VERIFY_DECK_PLANT_CARD's effect planted away on 1 % of its snaps */
} pb_verify_deck_other;

#define PB_VERIFY_DECK_PLANT_CARD 16   /* Pass-Play Bonus, +20 yards (no timeout side) */

/* Integer sums over the paired games: [0] the uniform card, [1] the other process. */
typedef struct {
    uint64_t n, differ;      /* games; games whose two values differ */
    int64_t sum[2];
    uint64_t sq[2];
    int64_t cross;
} pb_verify_pair;

typedef struct {
    double mean[2], se[2];   /* each run's mean and its own standard error (times scale) */
    double diff, se_paired, se_independent, z;   /* other - uniform; the paired SE, two independent runs' */
} pb_verify_pair_stats_t;

/* Play base->games games (or drive chains: base->drive) twice on common random numbers, the
 * uniform card and `other`, on base->threads threads; base's deck fields are ignored. 0, or -1
 * with "game N: message" (the lowest failing index). */
int pb_verify_deck_pair(const pb_sim_config *base, pb_verify_deck_other other, pb_verify_pair *out, char *err,
                        size_t errlen);
/* The statistics of the sums, every figure times scale (whole games: 0.5 gives P(win) + P(tie)/2). */
void pb_verify_pair_stats(const pb_verify_pair *p, double scale, pb_verify_pair_stats_t *s);

#endif
