/* sim/sim_internal.h: what the files of sim/ share, not part of its API. */
#ifndef PB_SIM_INTERNAL_H
#define PB_SIM_INTERNAL_H

#include "strategy.h"

/* strategy.c, for strategy_parse.c: a rule's choice mask and cumulative weights (per variant)
 * from its weights; and a section's rules made ready for lookup (each derived, then the table
 * built; where the table cannot be built the section is scanned instead). */
void pb_strat_derive(pb_strat_rule *rule);
void pb_strat_compile(pb_strat_rules *rs);

#endif
