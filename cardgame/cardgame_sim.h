/* cardgame/cardgame_sim.h: a small seeded simulator of the card-game draft's final rules with a
 * plain legal-move strategy (every choice uniformly at random among the legal ones: the card, run
 * or pass), for the tie rate and the points per game under each switch setting. Modelled: the
 * kick-off and the onside kick (T1, T2, T3), must/may follow, the lowest followed card, skill 10
 * (reverse) and skill 3 (cancel later skills), the +3 combination bonus (T5), touchdowns 7/8, the
 * kick after 3 tricks (T4), the lead after a kick (T12), the end when a hand runs out (T6), the
 * tie going to the first defense. The other skills (1, 4, 6, 7, 8, 11) are not modelled. */
#ifndef CG_SIM_H
#define CG_SIM_H

#include <stdint.h>

#include "cardgame_rules.h"

typedef struct {
    long games;
    double points[2];       /* mean points per game: the first offense team, the first defense team */
    double tie_rate;        /* level on points (the first defense wins it) */
    double first_offense_wins;
    double touchdowns, kicks_scored, kicks_tried, onside, series;  /* per game */
} cg_sim_result;

/* Plays `games` games from `seed` (the same seed, the same games). */
void cg_sim_run(const cg_rules *r, long games, uint64_t seed, cg_sim_result *out);

#endif
