/* sim/sim_oracle.h: the simulator's dice oracle: random dice from a pb_rng.
 *
 * roll2 is one exactly unbiased draw among the 36 ordered pairs of two fair dice
 * (pb_rng_below(36), Lemire's method), returned with a <= b as the oracle interface asks;
 * roll1 is pb_rng_d6; chain rolls the doubles chain die by die (pb_chain_roll_literally,
 * no depth limit: a chain ends with probability 1); decide returns the policy's choice.
 * When `record` is set, every roll is also written there (for play-by-play logs). */
#ifndef PB_SIM_ORACLE_H
#define PB_SIM_ORACLE_H

#include "oracle.h"
#include "rng.h"

#define PB_SIM_RECORD_MAX 64

typedef struct {
    pb_oracle base;
    pb_rng *rng;
    /* optional roll log: rolls[0 .. nrolls-1]; b == 0 marks a single die */
    bool record;
    pb_dice rolls[PB_SIM_RECORD_MAX];
    int nrolls;
} pb_sim_oracle;

void pb_sim_oracle_init(pb_sim_oracle *o, pb_rng *rng);

#endif
