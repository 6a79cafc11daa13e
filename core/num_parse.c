/* core/num_parse.c: the one strict number parser (num_parse.h). */
#include "num_parse.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The magnitude of a whole number, without its sign: *neg set, *mag the value, *big when it
 * exceeds UINT64_MAX. SYNTAX when the text is not one. */
static pb_num_status magnitude(const char *s, bool *neg, uint64_t *mag, bool *big)
{
    *neg = false;
    *big = false;
    *mag = 0;
    if (*s == '-' || *s == '+')
        *neg = *s++ == '-';
    if (*s < '0' || *s > '9')
        return PB_NUM_SYNTAX;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            *big = true;
        else
            v = v * 10 + d;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s < '0' || *s > '9')
            return PB_NUM_SYNTAX;
        /* the exponent's digits: only whether it passes 19 matters (10^20 > UINT64_MAX) */
        unsigned e = 0;
        for (; *s >= '0' && *s <= '9'; s++)
            if (e < 100)
                e = e * 10 + (unsigned)(*s - '0');
        if (v != 0 || *big)
            for (unsigned i = 0; i < e && !*big; i++) {
                if (v > UINT64_MAX / 10)
                    *big = true;
                else
                    v *= 10;
            }
    }
    if (*s)
        return PB_NUM_SYNTAX;
    *mag = v;
    return PB_NUM_OK;
}

pb_num_status pb_num_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    bool neg, big;
    uint64_t v;
    if (!text || magnitude(text, &neg, &v, &big) != PB_NUM_OK)
        return PB_NUM_SYNTAX;
    if (neg && (v != 0 || big))
        return PB_NUM_RANGE;
    if (big || v < min || v > max)
        return PB_NUM_RANGE;
    *out = v;
    return PB_NUM_OK;
}

pb_num_status pb_num_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    bool neg, big;
    uint64_t v;
    if (!text || magnitude(text, &neg, &v, &big) != PB_NUM_OK)
        return PB_NUM_SYNTAX;
    int64_t x;
    if (big)
        return PB_NUM_RANGE;
    if (!neg) {
        if (v > (uint64_t)INT64_MAX)
            return PB_NUM_RANGE;
        x = (int64_t)v;
    } else {
        if (v > (uint64_t)INT64_MAX + 1)
            return PB_NUM_RANGE;
        x = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
    }
    if (x < min || x > max)
        return PB_NUM_RANGE;
    *out = x;
    return PB_NUM_OK;
}

pb_num_status pb_num_double(const char *text, double min, double max, double *out)
{
    if (!text)
        return PB_NUM_SYNTAX;
    /* the shape first: [sign] digits [. digits] [e [sign] digits], some digit before the exponent */
    const char *s = text;
    if (*s == '-' || *s == '+')
        s++;
    int digits = 0;
    while (*s >= '0' && *s <= '9')
        s++, digits++;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++)
            digits++;
    if (digits == 0)
        return PB_NUM_SYNTAX;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '-' || *s == '+')
            s++;
        if (*s < '0' || *s > '9')
            return PB_NUM_SYNTAX;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s)
        return PB_NUM_SYNTAX;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end)
        return PB_NUM_SYNTAX;
    /* overflow is out of range; underflow to a tiny value (or 0) is judged by its value */
    if (!isfinite(v) || !(v >= min && v <= max))
        return PB_NUM_RANGE;
    *out = v;
    return PB_NUM_OK;
}

pb_num_status pb_num_digits(const char *text, int len, int64_t min, int64_t max, int64_t *out)
{
    if (!text)
        return PB_NUM_SYNTAX;
    size_t n = len < 0 ? strlen(text) : (size_t)len;
    if (n == 0)
        return PB_NUM_SYNTAX;
    for (size_t i = 0; i < n; i++)
        if (text[i] < '0' || text[i] > '9')
            return PB_NUM_SYNTAX;
    bool big = false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            big = true;
        else
            v = v * 10 + d;
    }
    if (big || v > (uint64_t)INT64_MAX || (int64_t)v < min || (int64_t)v > max)
        return PB_NUM_RANGE;
    *out = (int64_t)v;
    return PB_NUM_OK;
}
