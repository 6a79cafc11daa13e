/* tests/expect_q.h: test helper (not in the library): a Check assertion that an exact rational
 * is the one expected, naming what was checked and both values when it is not. Shared by the
 * games' suites (tests/soccer.c, tests/carriers.c, tests/cardgame.c). */
#ifndef PB_TEST_EXPECT_Q_H
#define PB_TEST_EXPECT_Q_H

#include <gmp.h>

/* q == num/den ("WHAT: got Q, want NUM/DEN"). */
void pb_expect_q(const mpq_t q, unsigned long num, unsigned long den, const char *what);
/* q == the fraction written in want, e.g. "7/36" ("WHAT: got Q, want WANT"). */
void pb_expect_q_str(const mpq_t q, const char *want, const char *what);

#endif
