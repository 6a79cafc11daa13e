/* tests/lrs.h: test helper (not in the library): the value of a zero-sum matrix game computed
 * by lrsnash (Debian lrslib, exact rational arithmetic), a reference for solve/matgame. */
#ifndef PB_TEST_LRS_H
#define PB_TEST_LRS_H

#include <stddef.h>

#include "matgame.h"

/* Solve g with lrsnash: every payoff is written as its exact rational (a double is a dyadic
 * rational; the game is scaled by a power of two so that lrsnash's 64-bit input reader takes
 * every number, see lrs.c), the bimatrix game (A, -A) is run in a temporary directory (removed
 * afterwards), the first equilibrium printed is checked to be one, exactly, and the row
 * player's payoff is returned in *value (rounded toward 0 to a double). 0, or -1 with a
 * message in err when g is malformed or not representable for lrsnash, or lrsnash is missing,
 * fails, or prints something that is not an equilibrium. */
int pb_test_lrsnash_value(const pb_mg_game *g, double *value, char *err, size_t errlen);

#endif
