/* tests/fuzz/fuzz_num.c: libFuzzer target for the strict option-number parser (core/num_parse.c).
 * The input's first 2 bytes pick the range, the rest is the text. Any text must be accepted
 * with a value inside the range, or refused; an accepted plain decimal (no exponent) must give
 * what strtoll/strtoull give; an accepted value printed back must parse to itself; a number
 * (double) accepted must be finite and in range. Never crash, hang or overflow.
 * Built by: clang -g -O1 -fsanitize=fuzzer,address,undefined -Icore -Icli tests/fuzz/fuzz_num.c core/num_parse.c -lm */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_num.h"

static const int64_t bounds[] = {INT64_MIN, -1000, -1, 0, 1, 9, 99, 4294967295LL, INT64_MAX};
#define NB (sizeof bounds / sizeof bounds[0])

static int plain_decimal(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    int64_t min = bounds[data[0] % NB], max = bounds[data[1] % NB];
    if (min > max) {
        int64_t t = min;
        min = max;
        max = t;
    }
    char *text = malloc(size - 1);
    if (!text)
        return 0;
    memcpy(text, data + 2, size - 2);
    text[size - 2] = '\0';

    int64_t v;
    pb_cli_num_status st = pb_cli_num_i64(text, min, max, &v);
    if (st == PB_CLI_NUM_OK) {
        if (v < min || v > max)
            abort();
        if (plain_decimal(text)) {
            errno = 0;
            long long ref = strtoll(text, NULL, 10);
            if (errno || ref != v)
                abort();
        }
        char back[32];
        int64_t w;
        snprintf(back, sizeof back, "%" PRId64, v);
        if (pb_cli_num_i64(back, min, max, &w) != PB_CLI_NUM_OK || w != v)
            abort();
    } else if (st == PB_CLI_NUM_RANGE && plain_decimal(text)) {
        errno = 0;
        long long ref = strtoll(text, NULL, 10);
        if (!errno && ref >= min && ref <= max)  /* strtoll reads it in range: so must we */
            abort();
    }

    uint64_t u;
    uint64_t umin = min < 0 ? 0 : (uint64_t)min, umax = max < 0 ? 0 : (uint64_t)max;
    if (pb_cli_num_u64(text, umin, umax, &u) == PB_CLI_NUM_OK) {
        if (u < umin || u > umax)
            abort();
        /* whatever fits both agrees */
        if (st == PB_CLI_NUM_OK && v >= 0 && (uint64_t)v != u)
            abort();
    }

    double d;
    if (pb_cli_num_double(text, (double)min, (double)max, &d) == PB_CLI_NUM_OK) {
        if (!isfinite(d) || d < (double)min || d > (double)max)
            abort();
        if (st == PB_CLI_NUM_OK && !strpbrk(text, "eE") && d != (double)v)
            abort();
    }
    free(text);
    return 0;
}
