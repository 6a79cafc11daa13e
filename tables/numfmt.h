/* tables/numfmt.h: numbers as a rulebook prints them, one convention for every table of the
 * rulebook edition (and for any printer that wants it):
 *   - an exact probability whose reduced denominator is short (at most 36, or a divisor of 216 =
 *     6^3: 11/12, 17/18, 5/6, 73/216) prints as the dice fraction and its percentage:
 *     "17/18 (94.4 %)";
 *   - any other probability prints as a percentage at `digits` places, correctly rounded from the
 *     exact value (core/exact.h, half to even): "37.2 %";
 *   - an exact 0 is "—" (impossible), an exact 1 is "100 %" (certain); a possible value that
 *     rounds to 0 is "< 0.1 %" (the smallest step at `digits`), one short of certain that rounds
 *     to 100 is "> 99.9 %", so that a rounded number never claims impossible or certain;
 *   - a floating-point probability (the solvers', certified within a bound) follows the same
 *     rules for 0, 1 and the two ends, and prints at `digits` places.
 * Buffers are the caller's (PB_NUMFMT_MAX bytes are always enough); text is UTF-8. */
#ifndef PB_NUMFMT_H
#define PB_NUMFMT_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#define PB_NUMFMT_MAX 96
#define PB_NUMFMT_DASH "\xe2\x80\x94"   /* "—": impossible, or no such case */

/* Is the reduced denominator of q short enough to print as a fraction? */
bool pb_numfmt_short(const mpq_t q);
/* An exact probability: the fraction and percentage where short, else the percentage. */
void pb_numfmt_prob(char *buf, size_t len, const mpq_t q, int digits);
/* An exact probability as a percentage only ("94.4 %", "—", "< 0.1 %", "100 %"). */
void pb_numfmt_percent(char *buf, size_t len, const mpq_t q, int digits);
/* A floating-point probability in [0, 1] (a solver's midpoint), by the same rules. */
void pb_numfmt_percent_real(char *buf, size_t len, double p, int digits);
/* The reduced fraction "num/den" of q (for tests and side by side with the percentage). */
void pb_numfmt_fraction(char *buf, size_t len, const mpq_t q);

#endif
