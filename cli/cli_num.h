/* cli/cli_num.h: the strict number parser as every option sees it: core/num_parse.h under the
 * CLI's names (the rules of what is a number are written there, once). These return a status
 * and print nothing; pb_cli_int and its kin (cli.h) print the message naming the option. */
#ifndef PB_CLI_NUM_H
#define PB_CLI_NUM_H

#include <stdint.h>

#include "num_parse.h"

typedef pb_num_status pb_cli_num_status;
#define PB_CLI_NUM_OK PB_NUM_OK
#define PB_CLI_NUM_SYNTAX PB_NUM_SYNTAX
#define PB_CLI_NUM_RANGE PB_NUM_RANGE

static inline pb_cli_num_status pb_cli_num_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    return pb_num_i64(text, min, max, out);
}
static inline pb_cli_num_status pb_cli_num_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    return pb_num_u64(text, min, max, out);
}
static inline pb_cli_num_status pb_cli_num_double(const char *text, double min, double max, double *out)
{
    return pb_num_double(text, min, max, out);
}

#endif
