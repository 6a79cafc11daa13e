/* carriers/carriers_dice.c: Carriers!!'s rolls, routes and charts, exactly (carriers_dice.h). */
#include "carriers_dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"

static const char *const zone_rules[CR_ZONES] = {PB_N_("the dice differ"), PB_N_("the parities match"),
                                                  PB_N_("equal mod 3"), PB_N_("the dice are equal")};

const char *cr_zone_rule(cr_zone z) { return z < CR_ZONES ? zone_rules[z] : "?"; }

int cr_zone_hits(cr_zone z, int a, int b)
{
    switch (z) {
    case CR_ZONE_A: return a != b;
    case CR_ZONE_B: return a % 2 == b % 2;
    case CR_ZONE_C: return a % 3 == b % 3;
    default: return a == b;
    }
}

static void count36(mpq_t out, int (*hit)(int, int, int), int arg)
{
    int n = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            n += hit(arg, a, b) != 0;
    mpq_set_ui(out, (unsigned long)n, 36);
    mpq_canonicalize(out);
}

static int zone_hit(int z, int a, int b) { return cr_zone_hits((cr_zone)z, a, b); }

void cr_zone_p(mpq_t out, cr_zone z) { count36(out, zone_hit, (int)z); }

static int roll_hit(int k, int a, int b)
{
    return k == CR_ROLL_INJURY ? a % 3 == b % 3 : a % 2 == b % 2;
}

const char *cr_roll_name(cr_roll k)
{
    static const char *const n[CR_ROLLS] = {PB_N_("start: B is offense (parities match)"),
                                            PB_N_("conversion: +2 after a goal (parities match)"),
                                            PB_N_("the defense's 2-point roll (parities match)"),
                                            PB_N_("injury check succeeds (equal mod 3)"),
                                            PB_N_("tie-break: the first roller wins (parities match)")};
    return k < CR_ROLLS ? n[k] : "?";
}

void cr_roll_p(mpq_t out, cr_roll k) { count36(out, roll_hit, (int)k); }

cr_zone cr_zone_at(const cr_rules *r, int pos, int len)
{
    int d = r->from_source ? pos : (pos < len - pos ? pos : len - pos);
    if (d < 1)
        d = 1;  /* a square beside an end (the rectangle reading) counts as 1 away */
    return d >= 4 ? CR_ZONE_D : (cr_zone)(d - 1);
}

/* Does the segment (0,0)-(x,y) pass through the open unit square centred on (i,j)?  With t the
 * parameter along the segment, x t lies in (i - 1/2, i + 1/2) for t in ((2i-1)/2x, (2i+1)/2x); the
 * same for y; the two open intervals and [0,1] must overlap. Fractions compared exactly. */
typedef struct { long n, d; } frac;
static int lt(frac a, frac b) { return a.n * b.d < b.n * a.d; }
static int crosses(int x, int y, int i, int j)
{
    frac lo = {0, 1}, hi = {1, 1};
    int c[2] = {x, y}, k[2] = {i, j};
    for (int a = 0; a < 2; a++) {
        if (c[a] == 0) {
            if (k[a] != 0)
                return 0;
            continue;
        }
        frac l = {2L * k[a] - 1, 2L * c[a]}, h = {2L * k[a] + 1, 2L * c[a]};
        if (lt(lo, l))
            lo = l;
        if (lt(h, hi))
            hi = h;
    }
    return lt(lo, hi);
}

int cr_route(const cr_rules *r, int x, int y, cr_square *out, int max)
{
    x = abs(x);
    y = abs(y);
    int len = x > y ? x : y, n = 0;
    for (int j = 0; j <= y; j++)
        for (int i = 0; i <= x; i++) {
            if ((i == 0 && j == 0) || (i == x && j == y))
                continue;
            int on;
            if (r->route == CR_ROUTE_RECTANGLE) {
                on = 1;
            } else if (r->route == CR_ROUTE_SUPERCOVER) {
                on = crosses(x, y, i, j);
            } else {  /* Bresenham: one square per step along the long side, rounded half up */
                if (x >= y)
                    on = i > 0 && i < x && j == (2 * i * y + x) / (2 * x);
                else
                    on = j > 0 && j < y && i == (2 * j * x + y) / (2 * y);
            }
            if (!on || n >= max)
                continue;
            int pos = x >= y ? i : j;
            out[n].x = i;
            out[n].y = j;
            out[n].zone = cr_zone_at(r, pos, len);
            n++;
        }
    return n;
}

void cr_chart(const cr_rules *r, int x, int y, char *buf, size_t len)
{
    cr_square sq[CR_ROUTE_MAX];
    x = abs(x);
    y = abs(y);
    int n = cr_route(r, x, y, sq, CR_ROUTE_MAX);
    size_t at = 0;
    buf[0] = 0;
    for (int j = y; j >= 0 && at + 1 < len; j--) {
        for (int i = 0; i <= x && at + 2 < len; i++) {
            char c = '.';
            if (i == 0 && j == 0)
                c = '1';
            else if (i == x && j == y)
                c = '2';
            for (int k = 0; k < n; k++)
                if (sq[k].x == i && sq[k].y == j)
                    c = (char)('A' + sq[k].zone);
            buf[at++] = c;
            buf[at++] = i == x ? '\n' : ' ';
        }
        buf[at] = 0;
    }
}

void cr_intercept_p(mpq_t out, const cr_rules *r, const cr_zone *zones, int n)
{
    mpq_t p, miss;
    mpq_inits(p, miss, NULL);
    mpq_set_ui(out, 0, 1);
    mpq_set_ui(miss, 1, 1);
    for (int k = 0; k < n; k++) {
        cr_zone_p(p, zones[k]);
        if (r->roll_each) {  /* every piece rolls: all must fail */
            mpq_t f;
            mpq_init(f);
            mpq_set_ui(f, 1, 1);
            mpq_sub(f, f, p);
            mpq_mul(miss, miss, f);
            mpq_clear(f);
        } else if (mpq_cmp(p, out) > 0) {  /* the defense picks its best piece */
            mpq_set(out, p);
        }
    }
    if (r->roll_each) {
        mpq_set_ui(out, 1, 1);
        mpq_sub(out, out, miss);
    }
    mpq_clears(p, miss, NULL);
}

void cr_injury_p(mpq_t out, const cr_rules *r, int tackles)
{
    /* k counted tackles give floor(k/2) checks, each failing with 2/3; with C6 = higher each
     * tackle counts with probability h: sum_k C(n,k) h^k (1-h)^(n-k) (1 - (2/3)^floor(k/2)) */
    mpq_t h, g, term, t, fail;
    mpq_inits(h, g, term, t, fail, NULL);
    if (r->injury_higher_only)
        mpq_set_ui(h, (unsigned long)r->higher_num, (unsigned long)r->higher_den);
    else
        mpq_set_ui(h, 1, 1);
    mpq_canonicalize(h);
    mpq_set_ui(g, 1, 1);
    mpq_sub(g, g, h);
    mpq_set_ui(out, 0, 1);
    mpz_t c;
    mpz_init(c);
    for (int k = 0; k <= tackles; k++) {
        mpz_bin_uiui(c, (unsigned long)tackles, (unsigned long)k);
        mpq_set_z(term, c);
        for (int i = 0; i < k; i++)
            mpq_mul(term, term, h);
        for (int i = k; i < tackles; i++)
            mpq_mul(term, term, g);
        mpq_set_ui(fail, 1, 1);
        mpq_set_ui(t, 2, 3);
        for (int i = 0; i < k / 2; i++)
            mpq_mul(fail, fail, t);
        mpq_set_ui(t, 1, 1);
        mpq_sub(t, t, fail);
        mpq_mul(term, term, t);
        mpq_add(out, out, term);
    }
    mpz_clear(c);
    mpq_clears(h, g, term, t, fail, NULL);
}
