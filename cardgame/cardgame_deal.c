/* cardgame/cardgame_deal.c: the deal's probabilities and the kick findings (cardgame_deal.h). */
#include "cardgame_deal.h"

/* q = C(a, b) / C(c, d) */
static void ratio(mpq_t q, unsigned long a, unsigned long b, unsigned long c, unsigned long d)
{
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    if (b <= a)
        mpz_bin_uiui(x, a, b);
    mpz_bin_uiui(y, c, d);
    mpq_set_num(q, x);
    mpq_set_den(q, y);
    mpq_canonicalize(q);
    mpz_clears(x, y, NULL);
}

static unsigned long N(const cg_rules *r) { return (unsigned long)(r->deck[CG_SUITS] * r->deck[CG_RANKS]); }

void cg_suit_count_p(mpq_t out, const cg_rules *r, int k)
{
    unsigned long n = N(r), R = (unsigned long)r->deck[CG_RANKS], h = (unsigned long)r->deck[CG_HAND];
    mpz_t a, b, c;
    mpz_inits(a, b, c, NULL);
    if ((unsigned long)k <= R && (unsigned long)k <= h && h - (unsigned long)k <= n - R) {
        mpz_bin_uiui(a, R, (unsigned long)k);
        mpz_bin_uiui(b, n - R, h - (unsigned long)k);
        mpz_mul(a, a, b);
    }
    mpz_bin_uiui(c, n, h);
    mpq_set_num(out, a);
    mpq_set_den(out, c);
    mpq_canonicalize(out);
    mpz_clears(a, b, c, NULL);
}

void cg_void_p(mpq_t out, const cg_rules *r) { cg_suit_count_p(out, r, 0); }

void cg_void_any_p(mpq_t out, const cg_rules *r)
{
    /* inclusion-exclusion over the suits missing: sum_j (-1)^(j+1) C(S,j) C(N - jR, H) / C(N, H) */
    unsigned long n = N(r), R = (unsigned long)r->deck[CG_RANKS], h = (unsigned long)r->deck[CG_HAND];
    int S = r->deck[CG_SUITS];
    mpq_t t;
    mpz_t c;
    mpq_init(t);
    mpz_init(c);
    mpq_set_ui(out, 0, 1);
    for (int j = 1; j <= S; j++) {
        ratio(t, n - (unsigned long)j * R, h, n, h);
        mpz_bin_uiui(c, (unsigned long)S, (unsigned long)j);
        mpq_t cq;
        mpq_init(cq);
        mpq_set_z(cq, c);
        mpq_mul(t, t, cq);
        mpq_clear(cq);
        if (j % 2)
            mpq_add(out, out, t);
        else
            mpq_sub(out, out, t);
    }
    mpq_clear(t);
    mpz_clear(c);
}

void cg_onside_possible_p(mpq_t out, const cg_rules *r)
{
    unsigned long low = (unsigned long)(r->deck[CG_SUITS] * r->deck[CG_ONSIDE_MAX]);
    ratio(out, N(r) - low, (unsigned long)r->deck[CG_HAND], N(r), (unsigned long)r->deck[CG_HAND]);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    mpq_sub(out, one, out);
    mpq_clear(one);
}

void cg_onside_forced_p(mpq_t out, const cg_rules *r)
{
    unsigned long low = (unsigned long)(r->deck[CG_SUITS] * r->deck[CG_ONSIDE_MAX]);
    ratio(out, low, (unsigned long)r->deck[CG_HAND], N(r), (unsigned long)r->deck[CG_HAND]);
}

void cg_follow_p(mpq_t one, mpq_t all, const cg_rules *r, int k)
{
    /* the unseen cards U = N - H hold m = R - k of the suit; j given players' hands together are a
     * uniform jH-subset of them: P(all j void) = C(U - m, jH) / C(U, jH) */
    unsigned long h = (unsigned long)r->deck[CG_HAND], u = N(r) - h;
    unsigned long m = (unsigned long)(r->deck[CG_RANKS] - k);
    int others = r->deck[CG_PLAYERS] - 1;
    mpq_t t, c1;
    mpq_inits(t, c1, NULL);
    ratio(t, u - m, h, u, h);
    mpq_set_ui(one, 1, 1);
    mpq_sub(one, one, t);
    mpq_set_ui(all, 0, 1);
    mpz_t c;
    mpz_init(c);
    for (int j = 0; j <= others; j++) {
        if ((unsigned long)j * h > u)
            break;
        ratio(t, u - m, (unsigned long)j * h, u, (unsigned long)j * h);
        mpz_bin_uiui(c, (unsigned long)others, (unsigned long)j);
        mpq_set_z(c1, c);
        mpq_mul(t, t, c1);
        if (j % 2)
            mpq_sub(all, all, t);
        else
            mpq_add(all, all, t);
    }
    mpz_clear(c);
    mpq_clears(t, c1, NULL);
}

void cg_team_has_one_p(mpq_t out, const cg_rules *r)
{
    unsigned long team = 2UL * (unsigned long)r->deck[CG_HAND];
    ratio(out, N(r) - (unsigned long)r->deck[CG_SUITS], team, N(r), team);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    mpq_sub(out, one, out);
    mpq_clear(one);
}

/* sum over the suit counts (k_1..k_s) of prod C(n, k_i) * max k_i */
static void longest(mpz_t sum, mpz_t ways, int s, int n, int h, int best, mpz_t weight)
{
    if (s == 0) {
        if (h == 0) {
            mpz_t t;
            mpz_init(t);
            mpz_mul_ui(t, weight, (unsigned long)best);
            mpz_add(sum, sum, t);
            mpz_add(ways, ways, weight);
            mpz_clear(t);
        }
        return;
    }
    for (int k = 0; k <= n && k <= h; k++) {
        mpz_t w, c;
        mpz_inits(w, c, NULL);
        mpz_bin_uiui(c, (unsigned long)n, (unsigned long)k);
        mpz_mul(w, weight, c);
        longest(sum, ways, s - 1, n, h - k, k > best ? k : best, w);
        mpz_clears(w, c, NULL);
    }
}

void cg_longest_suit_mean(mpq_t out, int s, int n, int h)
{
    mpz_t sum, ways, one;
    mpz_inits(sum, ways, one, NULL);
    mpz_set_ui(one, 1);
    longest(sum, ways, s, n, h, 0, one);
    mpq_set_num(out, sum);
    mpq_set_den(out, ways);  /* ways = C(sn, h) */
    mpq_canonicalize(out);
    mpz_clears(sum, ways, one, NULL);
}

void cg_kick_findings(const cg_rules *r, long *situations, long *scoring)
{
    int R = r->deck[CG_RANKS], B = r->deck[CG_BONUS];
    *situations = *scoring = 0;
    for (int m = r->deck[CG_ONSIDE_MAX] + 1; m <= r->deck[CG_TARGET_MAX]; m++)
        for (int x1 = 1; x1 <= R; x1++)
            for (int b1 = 0; b1 < 2; b1++)
                for (int x2 = 1; x2 <= R; x2++)
                    for (int b2 = 0; b2 < 2; b2++)
                        for (int x3 = 1; x3 <= R; x3++)
                            for (int b3 = 0; b3 < 2; b3++) {
                                /* the touchdown check counts the bonus (「数字合計に+3」) */
                                int s1 = x1 + b1 * B, s2 = s1 + x2 + b2 * B, s3 = s2 + x3 + b3 * B;
                                if (s1 >= m || s2 >= m || s3 >= m)
                                    continue;  /* a touchdown came first */
                                (*situations)++;
                                /* the kick's distance: the bonus counts (T5 counts) or not (td-only) */
                                int k2 = r->bonus_td_only ? x1 + x2 : s2, k3 = r->bonus_td_only ? k2 + x3 : s3;
                                int remaining = r->kick_before ? m - k2 : m - k3;
                                if (x3 >= remaining)
                                    (*scoring)++;
                            }
}
