/* cli/cli_num.h: the one strict parser of the numbers given to options (every command's).
 *
 * A whole number is written in decimal: an optional sign ('-' or '+'), digits, and optionally
 * an exponent 'e' or 'E' followed by digits (1e8 = 100000000; 25e-1 is not whole: refused).
 * Nothing else: no space before or after, no hex or octal prefix (leading zeros are decimal:
 * "07" is 7), no trailing characters, never empty. The value must lie in [min, max]: a value
 * outside, however large its digits or exponent, is out of range, never capped or wrapped.
 * A number (pb_cli_num_double) is a decimal with an optional fraction and exponent, finite
 * (no inf, nan or hex floats), within [min, max].
 *
 * These return a status and print nothing; pb_cli_int and its kin (cli.h) print the message
 * naming the option. */
#ifndef PB_CLI_NUM_H
#define PB_CLI_NUM_H

#include <stdint.h>

typedef enum {
    PB_CLI_NUM_OK = 0,
    PB_CLI_NUM_SYNTAX = 1,  /* not a whole number (or not a number) */
    PB_CLI_NUM_RANGE = 2    /* a number, outside [min, max] */
} pb_cli_num_status;

pb_cli_num_status pb_cli_num_i64(const char *text, int64_t min, int64_t max, int64_t *out);
pb_cli_num_status pb_cli_num_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
pb_cli_num_status pb_cli_num_double(const char *text, double min, double max, double *out);

#endif
