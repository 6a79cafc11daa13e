/* tests/stats.c: Check suite for verify/stats (chi-square and G goodness of fit, pooling,
 * the structural check, Holm–Bonferroni). Expected values are derived in the comments. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* prob[i] = num[i] / den */
static mpq_t *make_probs(const unsigned long *num, size_t n, unsigned long den)
{
    mpq_t *p = malloc(n * sizeof *p);
    for (size_t i = 0; i < n; i++) {
        mpq_init(p[i]);
        mpq_set_ui(p[i], num[i], den);
        mpq_canonicalize(p[i]);
    }
    return p;
}

static void free_probs(mpq_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpq_clear(p[i]);
    free(p);
}

START_TEST(test_chi2_upper_known_quantiles)
{
    /* tabulated 95% quantiles: 3.841459 (df 1), 5.991465 (df 2), 18.307038 (df 10) */
    ck_assert_double_eq_tol(pb_stats_chi2_upper(3.841459, 1), 0.05, 1e-6);
    ck_assert_double_eq_tol(pb_stats_chi2_upper(5.991465, 2), 0.05, 1e-6);
    ck_assert_double_eq_tol(pb_stats_chi2_upper(18.307, 10), 0.05, 1e-5);
    ck_assert_double_eq_tol(pb_stats_chi2_upper(18.307038, 10), 0.05, 1e-7);
    /* 99.9% quantile for df 5: 20.515006 */
    ck_assert_double_eq_tol(pb_stats_chi2_upper(20.515006, 5), 0.001, 1e-8);
    ck_assert_double_eq(pb_stats_chi2_upper(0, 1), 1.0);
    ck_assert_double_eq(pb_stats_chi2_upper(0, 10), 1.0);
    ck_assert_double_eq(pb_stats_chi2_upper(-1, 3), 1.0);
    ck_assert_double_eq(pb_stats_chi2_upper(2.5, 0), 0.0);
    ck_assert(isnan(pb_stats_chi2_upper(NAN, 3)));
    /* far tails round to 0 (and return at once: mpfr_gamma_inc alone takes seconds there) */
    ck_assert_double_eq(pb_stats_chi2_upper(1e6, 1), 0.0);
    ck_assert_double_eq(pb_stats_chi2_upper(1e300, 1000), 0.0);
    ck_assert_double_eq(pb_stats_chi2_upper(INFINITY, 3), 0.0);
    ck_assert_double_gt(pb_stats_chi2_upper(1400, 1), 0.0); /* ~1e-306: still a double */
}
END_TEST

/* closed forms: df 1: erfc(sqrt(x/2)); df 2: exp(-x/2); df 4: exp(-x/2) (1 + x/2);
 * df 5: erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) (1 + x/3) */
START_TEST(test_chi2_upper_closed_forms)
{
    const double xs[] = {0.01, 0.5, 1, 2.7, 7.3, 15, 40, 90};
    for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
        double x = xs[i];
        double df1 = erfc(sqrt(x / 2));
        double df2 = exp(-x / 2);
        double df4 = exp(-x / 2) * (1 + x / 2);
        double df5 = erfc(sqrt(x / 2)) + sqrt(2 * x / M_PI) * exp(-x / 2) * (1 + x / 3);
        ck_assert_double_eq_tol(pb_stats_chi2_upper(x, 1) / df1, 1.0, 1e-12);
        ck_assert_double_eq_tol(pb_stats_chi2_upper(x, 2) / df2, 1.0, 1e-12);
        ck_assert_double_eq_tol(pb_stats_chi2_upper(x, 4) / df4, 1.0, 1e-12);
        ck_assert_double_eq_tol(pb_stats_chi2_upper(x, 5) / df5, 1.0, 1e-12);
    }
    /* many degrees of freedom: the median of chi-square(k) is about k (1 - 2/(9k))^3 */
    double k = 400, median = k * pow(1 - 2 / (9 * k), 3);
    ck_assert_double_eq_tol(pb_stats_chi2_upper(median, 400), 0.5, 1e-3);
    ck_assert_double_lt(pb_stats_chi2_upper(600, 400), 1e-9);
}
END_TEST

static void expect_pool(const unsigned long *num, size_t n, unsigned long den, uint64_t total,
                        const size_t *want, size_t want_groups)
{
    mpq_t *p = make_probs(num, n, den);
    size_t group_of[32], groups = 99;
    ck_assert_int_eq(pb_stats_pool(p, n, total, group_of, &groups), 0);
    ck_assert_uint_eq(groups, want_groups);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(group_of[i] == want[i], "bin %zu: group %zu, want %zu", i, group_of[i],
                      want[i]);
    free_probs(p, n);
}

START_TEST(test_pooling)
{
    /* N = 100, expected counts 1 2 30 3 30 30 4:
     *   smallest 1 (bin 0), at the left end: merge right   -> [3] 30 3 30 30 4
     *   smallest 3, tie with bin 3: leftmost, merge right   -> [33] 3 30 30 4
     *   smallest 3 (bin 3): neighbours 33 and 30, take 30   -> 33 [33] 30 4
     *   smallest 4 (bin 6), at the right end: merge left    -> 33 33 [34]
     * groups {0,1,2} {3,4} {5,6}; all at least 5. */
    const unsigned long a[] = {1, 2, 30, 3, 30, 30, 4};
    const size_t a_want[] = {0, 0, 0, 1, 1, 2, 2};
    expect_pool(a, 7, 100, 100, a_want, 3);

    /* equal neighbours: the left one. expected 10 2 10 -> {0,1} {2} */
    const unsigned long b[] = {10, 2, 10};
    const size_t b_want[] = {0, 0, 1};
    expect_pool(b, 3, 22, 22, b_want, 2);

    /* smaller neighbour on the right. expected 10 2 9 -> {0} {1,2} */
    const unsigned long c[] = {10, 2, 9};
    const size_t c_want[] = {0, 1, 1};
    expect_pool(c, 3, 21, 21, c_want, 2);

    /* nothing to pool: every expected count is at least 5 (exactly 5 counts) */
    const unsigned long d[] = {5, 5, 10};
    const size_t d_want[] = {0, 1, 2};
    expect_pool(d, 3, 20, 20, d_want, 3);

    /* zero-probability bins go first; N = 60, expected 0 30 0 0 30 ->
     *   bin 0 (0) merges right                    -> [30] 0 0 30
     *   bin 2 (0): neighbours 30 and 0, the right -> 30 [0] 30
     *   bins 2-3 (0): neighbours 30 and 30, left  -> [30] 30
     * groups {0,1,2,3} {4} */
    const unsigned long e[] = {0, 1, 0, 0, 1};
    const size_t e_want[] = {0, 0, 0, 0, 1};
    expect_pool(e, 5, 2, 60, e_want, 2);

    /* too few observations to reach 5 anywhere: one group */
    const unsigned long f[] = {1, 1, 1};
    const size_t f_want[] = {0, 0, 0};
    expect_pool(f, 3, 3, 6, f_want, 1);
    expect_pool(f, 3, 3, 0, f_want, 1);

    /* the threshold is exact: N = 36 with p = 5/36 gives E = 5, which stays a group */
    const unsigned long g[] = {5, 31};
    const size_t g_want[] = {0, 1};
    expect_pool(g, 2, 36, 36, g_want, 2);
    const unsigned long h[] = {5, 31};
    const size_t h_want[] = {0, 0};
    expect_pool(h, 2, 36, 35, h_want, 1); /* E = 35 * 5/36 = 4.86 < 5 */
}
END_TEST

/* 60 rolls of a die, observed 5 8 9 8 10 20, expected 10 each:
 * X^2 = (25 + 4 + 1 + 4 + 0 + 100) / 10 = 13.4 with 5 degrees of freedom;
 * G = 2 (5 ln .5 + 8 ln .8 + 9 ln .9 + 8 ln .8 + 10 ln 1 + 20 ln 2). */
START_TEST(test_fit_by_hand)
{
    const unsigned long one[] = {1, 1, 1, 1, 1, 1};
    const uint64_t obs[] = {5, 8, 9, 8, 10, 20};
    mpq_t *p = make_probs(one, 6, 6);
    pb_stats_fit fit;
    char err[128] = "";
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_CHI2, obs, p, 6, &fit, err, sizeof err), 0);
    ck_assert_double_eq(fit.statistic, 13.4);
    ck_assert_uint_eq(fit.df, 5);
    ck_assert_uint_eq(fit.groups, 6);
    ck_assert_uint_eq(fit.total, 60);
    ck_assert(!fit.impossible);
    double x = 13.4;
    double want_p = erfc(sqrt(x / 2)) + sqrt(2 * x / M_PI) * exp(-x / 2) * (1 + x / 3);
    ck_assert_double_eq_tol(fit.p_value, want_p, 1e-14);
    ck_assert_double_eq_tol(fit.p_value, 0.01988, 1e-4);

    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_G, obs, p, 6, &fit, err, sizeof err), 0);
    double g = 2 * (5 * log(0.5) + 8 * log(0.8) + 9 * log(0.9) + 8 * log(0.8) + 20 * log(2.0));
    ck_assert_double_eq_tol(fit.statistic, g, 1e-12);
    ck_assert_double_eq_tol(fit.p_value, pb_stats_chi2_upper(g, 5), 1e-12);
    ck_assert_uint_eq(fit.df, 5);

    /* a perfect fit: statistic 0, p 1 */
    const uint64_t even[] = {10, 10, 10, 10, 10, 10};
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_CHI2, even, p, 6, &fit, err, sizeof err), 0);
    ck_assert_double_eq(fit.statistic, 0);
    ck_assert_double_eq(fit.p_value, 1);
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_G, even, p, 6, &fit, err, sizeof err), 0);
    ck_assert_double_eq(fit.statistic, 0);
    free_probs(p, 6);
}
END_TEST

/* Pooling inside the fit: N = 100 with expected 1 2 30 3 30 30 4 pools (see test_pooling) to
 * groups with expected 33 33 34. Observed 0 3 30 | 5 30 | 28 4 gives 33 35 32:
 * X^2 = 0/33 + 4/33 + 4/34 = 4/33 + 2/17, df 2. */
START_TEST(test_fit_pooled)
{
    const unsigned long num[] = {1, 2, 30, 3, 30, 30, 4};
    const uint64_t obs[] = {0, 3, 30, 5, 30, 28, 4};
    mpq_t *p = make_probs(num, 7, 100);
    pb_stats_fit fit;
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_CHI2, obs, p, 7, &fit, NULL, 0), 0);
    ck_assert_uint_eq(fit.groups, 3);
    ck_assert_uint_eq(fit.df, 2);
    double x = 4.0 / 33 + 2.0 / 17;
    ck_assert_double_eq_tol(fit.statistic, x, 1e-15);
    ck_assert_double_eq_tol(fit.p_value, exp(-x / 2), 1e-15);
    free_probs(p, 7);
}
END_TEST

START_TEST(test_impossible)
{
    const unsigned long num[] = {1, 0, 1, 0};
    const uint64_t seen[] = {30, 0, 31, 2};
    const uint64_t clean[] = {30, 0, 31, 0};
    mpq_t *p = make_probs(num, 4, 2);
    size_t bin = 99;
    ck_assert(pb_stats_impossible(seen, p, 4, &bin));
    ck_assert_uint_eq(bin, 3);
    ck_assert(pb_stats_impossible(seen, p, 4, NULL));
    bin = 99;
    ck_assert(!pb_stats_impossible(clean, p, 4, &bin));
    ck_assert_uint_eq(bin, 99);

    pb_stats_fit fit;
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_CHI2, seen, p, 4, &fit, NULL, 0), 0);
    ck_assert(fit.impossible);
    ck_assert_uint_eq(fit.impossible_bin, 3);
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_CHI2, clean, p, 4, &fit, NULL, 0), 0);
    ck_assert(!fit.impossible);
    free_probs(p, 4);
}
END_TEST

START_TEST(test_bad_input)
{
    const unsigned long num[] = {1, 1, 1, 1, 1, 30};
    const uint64_t obs[] = {1, 2, 3, 4, 5, 6};
    const uint64_t none[] = {0, 0, 0, 0, 0, 0};
    const uint64_t huge[] = {UINT64_MAX, 1, 0, 0, 0, 0};
    mpq_t *p = make_probs(num, 6, 36); /* sums to 35/36 */
    pb_stats_fit fit;
    char err[128];
    const pb_stats_test chi2 = PB_STATS_CHI2;
    ck_assert_int_eq(pb_stats_goodness_of_fit(chi2, obs, p, 6, &fit, err, sizeof err), -1);
    ck_assert_str_eq(err, "probabilities sum to 35/36, not 1");
    mpq_set_ui(p[5], 31, 36);
    ck_assert_int_eq(pb_stats_goodness_of_fit(chi2, none, p, 6, &fit, err, sizeof err), -1);
    ck_assert_str_eq(err, "no observations");
    ck_assert_int_eq(pb_stats_goodness_of_fit(chi2, huge, p, 6, &fit, err, sizeof err), -1);
    ck_assert_str_eq(err, "observed counts overflow at bin 1");
    ck_assert_int_eq(pb_stats_goodness_of_fit(chi2, obs, p, 0, &fit, err, sizeof err), -1);
    ck_assert_str_eq(err, "no bins to test");
    mpq_set_si(p[0], -1, 36);
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_G, obs, p, 6, &fit, NULL, 0), -1);
    ck_assert_int_eq(pb_stats_goodness_of_fit(PB_STATS_G, obs, p, 6, &fit, err, sizeof err), -1);
    ck_assert_str_eq(err, "bin 0 has a negative probability");
    free_probs(p, 6);
}
END_TEST

START_TEST(test_holm)
{
    /* n = 4, alpha 0.05. Sorted: 0.005 (#3) <= 0.05/4 = 0.0125 reject; 0.01 (#0) <= 0.05/3
     * reject; 0.03 (#2) > 0.05/2 = 0.025 stop; 0.04 (#1) is kept although <= 0.05/1. */
    const double p[] = {0.01, 0.04, 0.03, 0.005};
    bool rej[4];
    ck_assert_int_eq(pb_stats_holm(p, 4, 0.05, rej), 2);
    ck_assert(rej[0] && !rej[1] && !rej[2] && rej[3]);

    /* ties get the same answer: 0.02 0.02 with n = 2 -> 0.02 <= 0.025, then 0.02 <= 0.05 */
    const double t[] = {0.02, 0.02};
    bool rt[2];
    ck_assert_int_eq(pb_stats_holm(t, 2, 0.05, rt), 2);
    ck_assert(rt[0] && rt[1]);
    /* ... and 0.03 0.03 -> 0.03 > 0.025, both kept */
    const double u[] = {0.03, 0.03};
    ck_assert_int_eq(pb_stats_holm(u, 2, 0.05, rt), 0);
    ck_assert(!rt[0] && !rt[1]);

    /* NaN sorts last and is never rejected; n counts it: 0.001 <= 0.05/3, 0.02 <= 0.025 */
    const double v[] = {NAN, 0.001, 0.02};
    bool rv[3];
    ck_assert_int_eq(pb_stats_holm(v, 3, 0.05, rv), 2);
    ck_assert(!rv[0] && rv[1] && rv[2]);

    /* empty family */
    ck_assert_int_eq(pb_stats_holm(NULL, 0, 0.05, NULL), 0);

    /* the boundary is inclusive: p = alpha / n exactly */
    const double w[] = {0.0125, 0.5, 0.5, 0.5};
    bool rw[4];
    ck_assert_int_eq(pb_stats_holm(w, 4, 0.05, rw), 1);
    ck_assert(rw[0] && !rw[1]);
}
END_TEST

/* MPFR's constant caches, freed after each test so valgrind (CK_FORK=no) sees no leftovers */
static void release_caches(void)
{
    pb_stats_release_caches();
}

Suite *pb_suite_stats(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, NULL, release_caches);
    tcase_add_test(tc, test_chi2_upper_known_quantiles);
    tcase_add_test(tc, test_chi2_upper_closed_forms);
    tcase_add_test(tc, test_pooling);
    tcase_add_test(tc, test_fit_by_hand);
    tcase_add_test(tc, test_fit_pooled);
    tcase_add_test(tc, test_impossible);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_holm);
    suite_add_tcase(s, tc);
    return s;
}
