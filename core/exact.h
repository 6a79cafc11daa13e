/* core/exact.h: exact rationals written for people.
 *
 * Decimals are correctly rounded from the exact value with integer arithmetic only (GMP's mpn
 * layer), never through a binary float, so there is no double rounding. Rounding rule: round
 * half to even — the nearest number with the requested number of places; an exact tie goes to
 * the one whose last digit is even (0.125 -> "0.12", 0.375 -> "0.38", 2.5 at 0 places -> "2").
 * Rounding is applied to the magnitude, so it is symmetric: -0.125 -> "-0.12". A value that
 * rounds to zero prints without a sign ("0.000", never "-0.000").
 *
 * Buffers are the caller's. Every function writes a NUL-terminated string; if it does not fit
 * in len bytes it is cut to len - 1 characters (nothing is written when len == 0).
 * pb_exact_decimal_size() gives a length that is always enough. The mpq_t inputs must be
 * canonical, as GMP requires of every mpq_t (positive denominator, lowest terms). Should memory
 * run out (only operands too big for the stack ask for any), the output is "?".
 *
 * Small operands (up to PB_EXACT_STACK_LIMBS limbs of work) need no heap allocation, so a
 * call costs well under a microsecond. */
#ifndef PB_EXACT_H
#define PB_EXACT_H

#include <stddef.h>
#include <gmp.h>

/* Operands whose working numbers fit in this many limbs are handled on the stack. */
#define PB_EXACT_STACK_LIMBS 32

/* q rounded half to even to `places` decimal places (places < 0 counts as 0; at 0 places no
 * decimal point is printed): "0.3333", "-1.50", "12". */
void pb_exact_decimal(char *buf, size_t len, const mpq_t q, int places);

/* 100*q rounded half to even to `places` decimal places, followed by '%': "13.89%". */
void pb_exact_percent(char *buf, size_t len, const mpq_t q, int places);

/* q as "num/den" in lowest terms, always with a denominator so that every probability reads
 * the same way: "5/36", "-1/3", "0/1", "1/1". */
void pb_exact_fraction(char *buf, size_t len, const mpq_t q);

/* A buffer length (including the NUL) always sufficient for pb_exact_decimal or
 * pb_exact_percent of q at `places` places. */
size_t pb_exact_decimal_size(const mpq_t q, int places);

/* A buffer length (including the NUL) always sufficient for pb_exact_fraction of q. */
size_t pb_exact_fraction_size(const mpq_t q);

/* out = num / 6^exp6 in lowest terms (canonical). num may be mpq_numref(out). */
void pb_exact_from_pow6(mpq_t out, const mpz_t num, unsigned exp6);

#endif
