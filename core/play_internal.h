/* core/play_internal.h: pieces shared by play.c and special.c, not part of the API. */
#ifndef PB_PLAY_INTERNAL_H
#define PB_PLAY_INTERNAL_H

#include "play.h"

/* x / divisor rounded toward zero or down (mode: pb_sw_round). */
int pb_round_div(int x, int divisor, int mode);

/* A return (3.4) by the team that has the ball `from` yards from the goal line it attacks:
 * the distance (capped at `from`, a touchdown), or PB_CHAIN_CUT. Traces each step. */
int pb_return_distance(const pb_play_env *env, pb_oracle *o, int from);

#endif
