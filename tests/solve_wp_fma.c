/* tests/solve_wp_fma.c: the game solver's arithmetic (solve/wp_kernel_internal.h): one fused
 * multiply-add a term where the machine has FMA (pb_wp_fused_arith), else each product and each
 * sum rounded (PB_WP_FMA=0). On tests/data/game_small.ini (timeouts: three timeout groups; an
 * extra play), lead cap 4:
 *   - the lanes (8 wide and as two 4-wide halves) and the one-state code (pb_wp_snap_matrix, the
 *     answers' and the simulator's) give the same bits for every sampled state of every layer;
 *   - every state of the fused solve lies within the bounds of the unfused solve's, and the other
 *     way round, and the two solves do differ (so the arithmetic did change);
 *   - an entry summed in double, fused or not, is within the sums' rounding allowance
 *     (pb_wp_sum_allowance x the sum of its terms' magnitudes) of the same terms summed
 *     independently in long double (64-bit mantissa: its own error, n x 2^-64 x that sum, is added to
 *     the bound), at random successors; and an error larger than the allowance planted in the
 *     entry (pb_wp_test_plant) is caught at every state. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wp.h"
#include "wp_internal.h"

static const pb_policies POL = {0, 0, 0, 0, 0};
static pb_ruleset small;

static pb_wp *solve_small(int keep_all, const char *halves, const char *fma)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&small, "tests/data/game_small.ini", err, sizeof err) == 0, "%s", err);
    if (halves)
        ck_assert(setenv("PB_WP_HALVES", halves, 1) == 0);
    if (fma)
        ck_assert(setenv("PB_WP_FMA", fma, 1) == 0);
    pb_wp *w = NULL;
    pb_wp_opts o = {&small, POL, 2, 4, keep_all, NULL, 0, 0};
    int st = pb_wp_solve(&w, &o, err, sizeof err);
    unsetenv("PB_WP_HALVES");
    unsetenv("PB_WP_FMA");
    ck_assert_msg(st == 0, "%s", err);
    return w;
}

/* ---- the lanes against the one-state code ---- */

static atomic_long compared, differ;

static void one_state_agrees(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int t, int dn, int y,
                             const double e[15])
{
    if ((t * 31 + y * 7 + dn * 3 + s + 4 * a + 2 * b) % 5 != 0)   /* a sample: the one-state code is slow */
        return;
    double A[3][5];
    if (pb_wp_snap_matrix(w, NULL, prev, r, s, a, b, t, dn, y, A, NULL) != 0) {
        atomic_fetch_add(&differ, 1000000);
        return;
    }
    int bad = 0;
    for (int c = 0; c < 15; c++)
        bad += memcmp(&A[c / 5][c % 5], &e[c], sizeof e[c]) != 0;
    atomic_fetch_add(&compared, 15);
    atomic_fetch_add(&differ, bad);
}

START_TEST(lanes_are_the_one_state_code)
{
    static const char *const width[2] = {"0", "1"};
    for (int h = 0; h < 2; h++) {
        atomic_store(&compared, 0);
        atomic_store(&differ, 0);
        pb_wp_test_entries = one_state_agrees;
        pb_wp *w = solve_small(0, width[h], NULL);
        pb_wp_test_entries = NULL;
        ck_assert_int_eq(w->fused, pb_wp_fused_arith());
        ck_assert_int_eq(w->lanes_halves, h);
        long n = atomic_load(&compared), d = atomic_load(&differ);
        ck_assert_msg(n > 100000 && d == 0, "%s: %ld of %ld entries differ from the one-state code (%s)",
                      h ? "halves" : "8 wide", d, n, w->fused ? "fused" : "unfused");
        pb_wp_free(w);
    }
}
END_TEST

/* ---- the fused solve within the unfused one's bounds ---- */

START_TEST(fused_within_unfused_bounds)
{
    pb_wp *f = solve_small(1, NULL, NULL), *u = solve_small(1, NULL, "0");
    ck_assert_int_eq(u->fused, 0);
    long n = 0, moved = 0, layers = 0;
    int *togo = malloc((size_t)f->F * sizeof *togo);   /* each field slot's togo */
    ck_assert(togo);
    for (int i = 0; i < f->F; i++)
        togo[i] = 0;
    for (int dn = 1; dn <= f->downs; dn++)
        for (int t = 1; t <= PB_DRIVE_TOGO; t++)
            for (int y = 1; y <= t; y++)
                togo[pb_wp_index(t, dn, y)] = t;
    for (int half = 1; half <= pb_wp_halves(f); half++)
        for (int e = 0; e <= 8; e++)
            for (int L = 0; L <= pb_wp_top(f, half, e); L++) {
                const pb_wp_layer *a = pb_wp_kept(f, half, L, e), *b = pb_wp_kept(u, half, L, e);
                if (!a || (e > 0 && L == 0))
                    continue;
                ck_assert(b && a->nslices == b->nslices);
                layers++;
                for (int sl = 0; sl < a->nslices; sl++) {
                    for (int i = 0; i < f->F; i++) {
                        if (!f->reach[i])
                            continue;
                        int t = togo[i];
                        ck_assert(t > 0);
                        double va = a->v[(size_t)sl * f->F + i], vb = b->v[(size_t)sl * f->F + i];
                        double ra = a->rad[sl * 100 + t], rb = b->rad[sl * 100 + t];
                        ck_assert_msg(fabs(va - vb) <= rb && fabs(va - vb) <= ra,
                                      "half %d L %d e %d slice %d state %d: fused %.17g +- %.3g, unfused %.17g +- %.3g",
                                      half, L, e, sl, i, va, ra, vb, rb);
                        moved += va != vb;
                        n++;
                    }
                    for (int k = 0; k < 2; k++) {   /* the kicks and the try: the midpoints in the other's interval */
                        double ka = 0.5 * (a->klo[sl * 2 + k] + a->khi[sl * 2 + k]);
                        double kb = 0.5 * (b->klo[sl * 2 + k] + b->khi[sl * 2 + k]);
                        ck_assert(b->klo[sl * 2 + k] <= ka && ka <= b->khi[sl * 2 + k]);
                        ck_assert(a->klo[sl * 2 + k] <= kb && kb <= a->khi[sl * 2 + k]);
                    }
                    double ta = 0.5 * (a->tlo[sl] + a->thi[sl]), tb = 0.5 * (b->tlo[sl] + b->thi[sl]);
                    ck_assert(b->tlo[sl] <= ta && ta <= b->thi[sl] && a->tlo[sl] <= tb && tb <= a->thi[sl]);
                }
            }
    if (getenv("PB_TEST_VERBOSE"))
        fprintf(stderr, "fused within unfused: %ld layers, %ld field states, %ld moved\n", layers, n, moved);
    ck_assert_msg(layers > 10 && n > 1000000, "%ld layers, %ld states", layers, n);
    if (f->fused)   /* the two arithmetics did differ */
        ck_assert_msg(moved > n / 100, "only %ld of %ld states differ between the fused and unfused solves", moved, n);
    else
        ck_assert_msg(moved == 0, "%ld states differ, both unfused", moved);
    free(togo);
    pb_wp_free(f);
    pb_wp_free(u);
}
END_TEST

/* ---- the entries' rounding against an independent sum ---- */

static unsigned long long rng_state = 88172645463325252ull;
static double uniform(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* Entry (cell c) at (t, dn, y) of group g's cells, each outcome's probability times where it
 * leads, in long double (the model of wp_kernel_internal.h's head comment, one outcome at a
 * time): *mag the sum of the terms' magnitudes, *terms their number. */
static long double entry_ld(const pb_wp *w, const pb_drive_cell *cl, int t, int dn, int y, const pb_wp_succ *x,
                            long double *mag, int *terms)
{
    long double s = 0, m = 0;
    int n = 0;
#define TERM(p, v)                                                                                                      \
    do {                                                                                                               \
        long double q_ = (long double)(p) * (long double)(v);                                                          \
        s += q_;                                                                                                       \
        m += fabsl(q_);                                                                                                \
        n++;                                                                                                           \
    } while (0)
    TERM(cl->p_td, x->td);
    TERM(cl->p_safety, x->sf);
    TERM(cl->p_ttd, x->ttd);
    for (int i = 0; i < cl->nto; i++)
        TERM(cl->to_p[i], 1.0L - x->opp[cl->to_t[i]]);
    for (int k = 0; k < cl->ng; k++) {
        int g = cl->gmin + k;
        if (g >= y)
            TERM(cl->pg[k], x->own[pb_wp_first(w, t - g)]);
        else if (dn >= w->downs)
            TERM(cl->pg[k], 1.0L - x->opp[100 - t + g]);
        else
            TERM(cl->pg[k], x->own[pb_wp_index(t - g, dn + 1, y - g)]);
    }
    for (int k = 0; k < cl->npen; k++) {
        int g = cl->pen_m[k], y2 = y - g;
        int first = cl->pen_def[k] && g >= y && w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
        TERM(cl->pen_p[k], x->own[first ? pb_wp_first(w, t - g) : pb_wp_index(t - g, dn, y2 < 1 ? 1 : y2)]);
    }
#undef TERM
    *mag += m;
    *terms += n;
    return s;
}

/* The states checked at random successors: the worst error over its bound, and how many entries
 * were outside it. */
static double mean_ratio;   /* the last check's mean error over its bound */

static double check_rounding(pb_wp *w, int states, long *outside, long *checked)
{
    double total = 0;
    double *own = malloc((size_t)w->F * sizeof *own), opp[PB_WP_GROUPS][101], worst = 0;
    ck_assert(own);
    *outside = *checked = 0;
    rng_state = 88172645463325252ull;   /* the same states each call */
    double allow = pb_wp_sum_allowance(w);
    for (int k = 0; k < states; k++) {
        for (int i = 0; i < w->F; i++)
            own[i] = uniform();
        pb_wp_succ x[PB_WP_GROUPS];
        for (int g = 0; g < PB_WP_GROUPS; g++) {
            for (int i = 0; i <= 100; i++)
                opp[g][i] = uniform();
            x[g] = (pb_wp_succ){uniform(), uniform(), uniform(), own, opp[g]};
        }
        int s = (int)(uniform() * 9) - 4, a = (int)(uniform() * (w->T + 1)), b = (int)(uniform() * (w->T + 1));
        int t = 1 + (int)(uniform() * PB_DRIVE_TOGO), dn = 1 + (int)(uniform() * w->downs);
        int y = 1 + (int)(uniform() * t);
        if (!w->reach[pb_wp_index(t, dn, y)])
            continue;
        double A[3][5];
        ck_assert(pb_wp_snap_entries(w, s, a, b, t, dn, y, x, A) == 0);
        int v = pb_wp_variant(s, a, b);
        for (int c = 0; c < 15; c++) {
            long double want = 0, mag = 0;
            int terms = 0;
            for (int g = 0; g < PB_WP_GROUPS; g++)
                if (g == 0 || (g == 1 ? a > 0 : b > 0))
                    want += entry_ld(w, &w->cell[t][c / 5][c % 5][v][g], t, dn, y, &x[g], &mag, &terms);
            double bound = allow * (double)mag + (double)(terms * 2 * mag) * LDBL_EPSILON;
            double err = (double)fabsl((long double)A[c / 5][c % 5] - want);
            *outside += err > bound;
            (*checked)++;
            if (bound > 0 && err / bound > worst)
                worst = err / bound;
            total += bound > 0 ? err / bound : 0;
        }
    }
    free(own);
    mean_ratio = *checked ? total / (double)*checked : 0;
    return worst;
}

START_TEST(rounding_within_allowance)
{
    ck_assert_msg(LDBL_MANT_DIG >= 64, "the independent sum needs a long double of 64 bits or more");
    pb_wp *w = solve_small(0, NULL, NULL);
    int fused = w->fused;
    long out, n;
    double worst[2], mean[2];
    for (int f = 0; f < 2; f++) {   /* the unfused sums, then the fused (where the machine has FMA) */
        w->fused = f && fused;
        worst[f] = check_rounding(w, 400, &out, &n);
        mean[f] = mean_ratio;
        ck_assert_msg(n > 3000 && out == 0, "%s: %ld of %ld entries beyond the sums' allowance (worst %.3g of it)",
                      w->fused ? "fused" : "unfused", out, n, worst[f]);
        ck_assert_msg(worst[f] > 0, "no rounding seen at all");
    }
    /* an error larger than the whole allowance planted in entry 0: caught at every state */
    pb_wp_test_plant = 2 * w->eps;
    double planted = check_rounding(w, 400, &out, &n);
    pb_wp_test_plant = 0;
    ck_assert_msg(out == n / 15 && planted > 1, "the planted error %.3g caught in %ld of %ld states", 2 * w->eps, out,
                  n / 15);
    if (getenv("PB_TEST_VERBOSE"))
        fprintf(stderr,
                "rounding: allowance %.3g (sums %.3g); an entry's error over its bound: worst %.3g, mean %.3g unfused; "
                "worst %.3g, mean %.3g %s\n",
                w->eps, pb_wp_sum_allowance(w), worst[0], mean[0], worst[1], mean[1],
                fused ? "fused" : "(no FMA: unfused again)");
    w->fused = fused;
    pb_wp_free(w);
}
END_TEST

Suite *pb_suite_wp_fma(void)
{
    Suite *s = suite_create("wp_fma");
    TCase *r = tcase_create("rounding");   /* CK_RUN_CASE=rounding: this one alone */
    tcase_set_timeout(r, 900);
    tcase_add_test(r, rounding_within_allowance);
    suite_add_tcase(s, r);
#ifndef __SANITIZE_ADDRESS__
    TCase *tc = tcase_create("fused");   /* two and three solves of game_small: not sanitized */
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, lanes_are_the_one_state_code);
    tcase_add_test(tc, fused_within_unfused_bounds);
    suite_add_tcase(s, tc);
#else
    (void)lanes_are_the_one_state_code;
    (void)fused_within_unfused_bounds;
#endif
    return s;
}
