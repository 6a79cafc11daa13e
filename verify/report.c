/* verify/report.c: exact numbers written for people (the fraction, then the correctly rounded
 * decimal from core/exact.h), and the clock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exact.h"
#include "verify.h"

void pb_verify_fmt(char *buf, size_t len, mpq_srcptr q, bool probability, bool sign)
{
    char dec[64];
    if (probability)
        pb_exact_percent(dec, sizeof dec, q, 2);
    else
        pb_exact_decimal(dec, sizeof dec, q, 2);
    bool zero = strspn(dec + (dec[0] == '-'), "0.%") == strlen(dec + (dec[0] == '-'));
    snprintf(buf, len, "%s%s%s", sign && mpq_sgn(q) > 0 && !zero ? "+" : "", dec, probability ? "" : " yd");
}

char *pb_verify_fraction(mpq_srcptr q, bool sign)
{
    size_t n = pb_exact_fraction_size(q) + 2;
    char *s = malloc(n);
    if (!s)
        return NULL;
    s[0] = '+';
    pb_exact_fraction(s + (sign && mpq_sgn(q) > 0), n - 1, q);
    return s;
}

void pb_verify_abs(mpq_t out, mpq_srcptr q) { mpq_abs(out, q); }

double pb_verify_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
