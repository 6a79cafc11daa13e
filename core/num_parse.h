/* core/num_parse.h: the one strict parser of the numbers people write: every command's options
 * (through cli/cli_num.h and cli.h), the other games' --set values and rule files.
 *
 * A whole number is written in decimal: an optional sign ('-' or '+'), digits, and optionally
 * an exponent 'e' or 'E' followed by digits (1e8 = 100000000; 25e-1 is not whole: refused).
 * Nothing else: no space before or after, no hex or octal prefix (leading zeros are decimal:
 * "07" is 7), no trailing characters, never empty. The value must lie in [min, max]: a value
 * outside, however large its digits or exponent, is out of range, never capped or wrapped.
 * A number (pb_num_double) is a decimal with an optional fraction and exponent, finite
 * (no inf, nan or hex floats), within [min, max]. pb_num_digits is the strictest: digits only
 * (no sign, no exponent), for the parts of a fraction A/B and a pair X,Y's magnitudes.
 *
 * These return a status and print nothing. */
#ifndef PB_NUM_PARSE_H
#define PB_NUM_PARSE_H

#include <stdint.h>

typedef enum {
    PB_NUM_OK = 0,
    PB_NUM_SYNTAX = 1,  /* not a whole number (or not a number) */
    PB_NUM_RANGE = 2    /* a number, outside [min, max] */
} pb_num_status;

pb_num_status pb_num_i64(const char *text, int64_t min, int64_t max, int64_t *out);
pb_num_status pb_num_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
pb_num_status pb_num_double(const char *text, double min, double max, double *out);
/* The first len bytes of text (len < 0: all of it) as plain digits, in [min, max]. */
pb_num_status pb_num_digits(const char *text, int len, int64_t min, int64_t max, int64_t *out);

#endif
