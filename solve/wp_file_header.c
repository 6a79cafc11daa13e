/* solve/wp_file_header.c: the value file's text header (wp_file_internal.h): written, and read
 * strictly (every field in its range, finite, written as the writer writes it). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wp_file_internal.h"

#define MAGIC PB_WP_MAGIC

int pb_wp_header_text(const char *fp, const pb_wp_fields *x, char *buf, size_t len)
{
    char full[32];   /* "1", "0", or "last K" (every state of half 2's last K cards) */
    if (x->full || x->last <= 0)
        snprintf(full, sizeof full, "%d", x->full);
    else
        snprintf(full, sizeof full, "last %d", x->last);
    int n = snprintf(buf, len,
                     MAGIC "%slead_cap %d\ntimeouts %d\nextras %d\ncards_per_half %d\ndowns %d\nfull %s\n"
                           "stats %d %.17g %.17g %.17g %.17g\npayload %zu\nend\n",
                     fp, x->S, x->T, x->E, x->P, x->downs, full, x->layers, x->states, x->max_gap, x->max_exploit,
                     x->epsilon, x->payload);
    return n > 0 && (size_t)n < len ? n : -1;
}

/* A decimal integer in lo..hi written as the writer writes it (no sign but '-', no leading zero,
 * no space): the number of characters taken, or 0. */
static int strict_int(const char *s, long long lo, long long hi, long long *v)
{
    int i = s[0] == '-', k = i;
    if (!(s[k] >= '0' && s[k] <= '9') || (s[k] == '0' && s[k + 1] >= '0' && s[k + 1] <= '9') ||
        (i && s[k] == '0'))
        return 0;
    long long x = 0;
    for (; s[k] >= '0' && s[k] <= '9'; k++) {
        if (x > (hi < 0 ? -hi : hi) / 10 + 1)
            return 0;
        x = x * 10 + (s[k] - '0');
    }
    x = i ? -x : x;
    if (x < lo || x > hi)
        return 0;
    *v = x;
    return k;
}

/* "KEY VALUE\n" at *p with an integer value in lo..hi; advances *p. */
static int field_int(const char **p, const char *key, long long lo, long long hi, long long *v)
{
    size_t k = strlen(key);
    if (strncmp(*p, key, k) != 0 || (*p)[k] != ' ')
        return -1;
    int n = strict_int(*p + k + 1, lo, hi, v);
    if (n == 0 || (*p)[k + 1 + n] != '\n')
        return -1;
    *p += k + 2 + n;
    return 0;
}

/* A finite number in lo..hi at *p, followed by `end`; advances *p. */
static int field_real(const char **p, double lo, double hi, char end, double *v)
{
    char *e;
    if (**p == ' ' || **p == '+' || **p == '\n')
        return -1;
    errno = 0;
    *v = strtod(*p, &e);
    if (e == *p || *e != end || errno != 0 || !isfinite(*v) || *v < lo || *v > hi)
        return -1;
    *p = e + 1;
    return 0;
}

int pb_wp_header_parse(const char *p, pb_wp_fields *x, const char **bad)
{
    long long v[6];
    static const char *const key[6] = {"lead_cap", "timeouts", "extras", "cards_per_half", "downs", "full"};
    static const long long hi[6] = {400, 9, 8, 64, 9, 1};
    x->last = 0;
    for (int i = 0; i < 6; i++) {
        long long k;
        if (i == 5 && strncmp(p, "full last ", 10) == 0 && (k = strict_int(p + 10, 1, 64, &v[i])) > 0 &&
            p[10 + k] == '\n') {   /* "full last K": K read into v[5], full 0 */
            x->last = (int)v[i];
            v[i] = 0;
            p += 11 + k;
            continue;
        }
        if (field_int(&p, key[i], i == 0 || i == 3 || i == 4 ? 1 : 0, hi[i], &v[i]) != 0) {
            *bad = key[i];
            return -1;
        }
    }
    x->S = (int)v[0];
    x->T = (int)v[1];
    x->E = (int)v[2];
    x->P = (int)v[3];
    x->downs = (int)v[4];
    x->full = (int)v[5];
    long long layers;
    *bad = "stats";
    if (strncmp(p, "stats ", 6) != 0)
        return -1;
    p += 6;
    int n = strict_int(p, 1, 100000, &layers);
    if (n == 0 || p[n] != ' ')
        return -1;
    p += n + 1;
    x->layers = (int)layers;
    if (field_real(&p, 0, 1e18, ' ', &x->states) != 0 || field_real(&p, 0, 1, ' ', &x->max_gap) != 0 ||
        field_real(&p, 0, 1, ' ', &x->max_exploit) != 0 || field_real(&p, 0, 1, '\n', &x->epsilon) != 0)
        return -1;
    long long payload;
    *bad = "payload";
    if (field_int(&p, "payload", 1, (long long)1 << 50, &payload) != 0)
        return -1;
    x->payload = (size_t)payload;
    *bad = "end";
    return strcmp(p, "end\n") == 0 ? 0 : -1;
}

long pb_wp_header_read(FILE *f, char *buf)
{
    long n = 0;
    int lines = 0, c;
    while (lines < PB_WP_HEADER_LINES && n < PB_WP_HEADER_MAX - 1 && (c = fgetc(f)) != EOF) {
        if (c == 0) {   /* a text header holds no NUL: the string functions would stop short of its lines */
            buf[n] = 0;
            return -1;
        }
        buf[n++] = (char)c;
        lines += c == '\n';
    }
    buf[n] = 0;
    return lines == PB_WP_HEADER_LINES ? n : -1;
}
