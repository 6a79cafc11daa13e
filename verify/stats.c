/* verify/stats.c: chi-square and G goodness of fit against exact probabilities, bin pooling,
 * Holm–Bonferroni (see stats.h). Statistics are exact rationals (X^2) or 128-bit MPFR values
 * (G) until the final conversion to double. */
#include "stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpfr.h>

#include "exact.h"

static int pb_stats_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int pb_stats_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void pb_stats_mpz_set_u64(mpz_t z, uint64_t v)
{
    mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
}

/* The Chernoff bound for chi-square(k): P(X >= x) <= exp(-(k/2)(t - 1 - ln t)), t = x/k > 1.
 * Returns true when it puts the p-value below e^-760, far under half the smallest positive
 * double (e^-744.4), so that the correctly rounded double is 0. mpfr_gamma_inc grows slow for
 * large x (seconds at x = 20000), and only far-out statistics get there. */
static bool pb_stats_tail_underflows(const mpfr_t x, unsigned long df)
{
    double k = (double)df, t = mpfr_get_d(x, MPFR_RNDD) / k;
    return t > 1 && -(k / 2) * (t - 1 - log(t)) < -760;
}

/* rop = Q(df/2, x/2) for x >= 0 and df >= 1. */
static void pb_stats_upper_tail(mpfr_t rop, const mpfr_t x, unsigned long df)
{
    if (pb_stats_tail_underflows(x, df)) {
        mpfr_set_zero(rop, 1);
        return;
    }
    mpfr_t a, half_x, gamma_a;
    mpfr_inits2(PB_STATS_PREC, a, half_x, gamma_a, (mpfr_ptr)0);
    mpfr_set_ui(a, df, MPFR_RNDN);
    mpfr_div_2ui(a, a, 1, MPFR_RNDN);      /* exact */
    mpfr_div_2ui(half_x, x, 1, MPFR_RNDN); /* exact */
    mpfr_gamma_inc(rop, a, half_x, MPFR_RNDN);
    mpfr_gamma(gamma_a, a, MPFR_RNDN);
    mpfr_div(rop, rop, gamma_a, MPFR_RNDN);
    if (mpfr_cmp_ui(rop, 1) > 0) /* cannot happen beyond rounding; keep it a probability */
        mpfr_set_ui(rop, 1, MPFR_RNDN);
    mpfr_clears(a, half_x, gamma_a, (mpfr_ptr)0);
}

double pb_stats_chi2_upper(double x, unsigned long df)
{
    if (isnan(x))
        return x;
    if (x <= 0)
        return 1.0;
    if (df == 0)
        return 0.0;
    mpfr_t mx, p;
    mpfr_inits2(PB_STATS_PREC, mx, p, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    pb_stats_upper_tail(p, mx, df);
    double result = mpfr_get_d(p, MPFR_RNDN);
    mpfr_clears(mx, p, (mpfr_ptr)0);
    return result;
}

void pb_stats_release_caches(void)
{
    mpfr_free_cache();
}

int pb_stats_pool(const mpq_t *prob, size_t nbins, uint64_t total, size_t *group_of,
                  size_t *groups)
{
    /* A group is named by its first bin s: sum[s] is its probability, next[s] the first bin of
     * the following group (nbins at the end), prev[s] the first bin of the preceding one.
     * Merging keeps the left group's name, so bin 0 always names the first group. */
    mpq_t *sum = malloc(nbins * sizeof *sum);
    size_t *next = malloc(nbins * sizeof *next);
    size_t *prev = malloc(nbins * sizeof *prev);
    if (nbins > 0 && (!sum || !next || !prev)) {
        free(sum);
        free(next);
        free(prev);
        return -1;
    }
    for (size_t i = 0; i < nbins; i++) {
        mpq_init(sum[i]);
        mpq_set(sum[i], prob[i]);
        next[i] = i + 1;
        prev[i] = i == 0 ? 0 : i - 1;
    }
    size_t count = nbins;

    /* N p < 5  <=>  p < 5 / N */
    mpq_t threshold;
    mpq_init(threshold);
    if (total > 0) {
        mpz_set_ui(mpq_numref(threshold), PB_STATS_MIN_EXPECTED);
        pb_stats_mpz_set_u64(mpq_denref(threshold), total);
        mpq_canonicalize(threshold);
    }
    while (count > 1) {
        size_t smallest = 0;
        for (size_t g = next[0]; g < nbins; g = next[g])
            if (mpq_cmp(sum[g], sum[smallest]) < 0)
                smallest = g;
        if (total > 0 && mpq_cmp(sum[smallest], threshold) >= 0)
            break;
        size_t left, right;
        if (smallest == 0) {
            left = 0, right = next[0];
        } else if (next[smallest] == nbins) {
            left = prev[smallest], right = smallest;
        } else if (mpq_cmp(sum[prev[smallest]], sum[next[smallest]]) <= 0) {
            left = prev[smallest], right = smallest;
        } else {
            left = smallest, right = next[smallest];
        }
        mpq_add(sum[left], sum[left], sum[right]);
        next[left] = next[right];
        if (next[right] < nbins)
            prev[next[right]] = left;
        count--;
    }
    mpq_clear(threshold);

    size_t group = 0;
    for (size_t g = 0; g < nbins; g = next[g], group++)
        for (size_t i = g; i < next[g]; i++)
            group_of[i] = group;
    *groups = group;

    for (size_t i = 0; i < nbins; i++)
        mpq_clear(sum[i]);
    free(sum);
    free(next);
    free(prev);
    return 0;
}

bool pb_stats_impossible(const uint64_t *observed, const mpq_t *prob, size_t nbins,
                         size_t *first_bin)
{
    for (size_t i = 0; i < nbins; i++) {
        if (observed[i] > 0 && mpq_sgn(prob[i]) == 0) {
            if (first_bin)
                *first_bin = i;
            return true;
        }
    }
    return false;
}

/* Checks prob[] is a distribution and sums the counts into *total. */
static int pb_stats_check_input(const uint64_t *observed, const mpq_t *prob, size_t nbins,
                                uint64_t *total, char *err, size_t errlen)
{
    if (nbins == 0)
        return pb_stats_fail(err, errlen, "no bins to test");
    mpq_t sum;
    mpq_init(sum);
    uint64_t n = 0;
    int rc = 0;
    for (size_t i = 0; i < nbins; i++) {
        if (mpq_sgn(prob[i]) < 0) {
            rc = pb_stats_fail(err, errlen, "bin %zu has a negative probability", i);
            break;
        }
        if (observed[i] > UINT64_MAX - n) {
            rc = pb_stats_fail(err, errlen, "observed counts overflow at bin %zu", i);
            break;
        }
        mpq_add(sum, sum, prob[i]);
        n += observed[i];
    }
    if (rc == 0 && mpq_cmp_ui(sum, 1, 1) != 0) {
        char text[64];
        pb_exact_fraction(text, sizeof text, sum);
        rc = pb_stats_fail(err, errlen, "probabilities sum to %s, not 1", text);
    }
    if (rc == 0 && n == 0)
        rc = pb_stats_fail(err, errlen, "no observations");
    mpq_clear(sum);
    *total = n;
    return rc;
}

/* stat = sum over groups of O^2 / E - N with E = N P: Pearson's X^2, exact until rounded. */
static void pb_stats_pearson(mpfr_t stat, const uint64_t *obs, const mpq_t *p, size_t groups,
                             uint64_t total)
{
    mpq_t acc, expected, term;
    mpz_t n;
    mpq_inits(acc, expected, term, (mpq_ptr)0);
    mpz_init(n);
    pb_stats_mpz_set_u64(n, total);
    for (size_t g = 0; g < groups; g++) {
        if (mpq_sgn(p[g]) == 0) /* only possible for an unobserved group; contributes 0 */
            continue;
        mpq_set_z(expected, n);
        mpq_mul(expected, expected, p[g]);
        pb_stats_mpz_set_u64(mpq_numref(term), obs[g]);
        mpz_mul(mpq_numref(term), mpq_numref(term), mpq_numref(term));
        mpz_set_ui(mpq_denref(term), 1);
        mpq_div(term, term, expected);
        mpq_add(acc, acc, term);
    }
    mpq_set_z(term, n);
    mpq_sub(acc, acc, term);
    mpfr_set_q(stat, acc, MPFR_RNDN);
    mpq_clears(acc, expected, term, (mpq_ptr)0);
    mpz_clear(n);
}

/* stat = 2 sum over groups of O ln(O / E) with E = N P, terms with O = 0 left out. */
static void pb_stats_likelihood_ratio(mpfr_t stat, const uint64_t *obs, const mpq_t *p,
                                      size_t groups, uint64_t total)
{
    mpq_t expected, ratio;
    mpz_t count;
    mpfr_t term;
    mpq_inits(expected, ratio, (mpq_ptr)0);
    mpz_init(count);
    mpfr_init2(term, PB_STATS_PREC);
    mpfr_set_zero(stat, 1);
    for (size_t g = 0; g < groups; g++) {
        if (obs[g] == 0 || mpq_sgn(p[g]) == 0)
            continue;
        pb_stats_mpz_set_u64(mpq_numref(expected), total);
        mpz_set_ui(mpq_denref(expected), 1);
        mpq_mul(expected, expected, p[g]);
        pb_stats_mpz_set_u64(count, obs[g]);
        mpq_set_z(ratio, count);
        mpq_div(ratio, ratio, expected);
        mpfr_set_q(term, ratio, MPFR_RNDN);
        mpfr_log(term, term, MPFR_RNDN);
        mpfr_mul_z(term, term, count, MPFR_RNDN);
        mpfr_add(stat, stat, term, MPFR_RNDN);
    }
    mpfr_mul_2ui(stat, stat, 1, MPFR_RNDN);
    if (mpfr_sgn(stat) < 0) /* only rounding can make it negative (Gibbs' inequality) */
        mpfr_set_zero(stat, 1);
    mpfr_clear(term);
    mpz_clear(count);
    mpq_clears(expected, ratio, (mpq_ptr)0);
}

int pb_stats_goodness_of_fit(pb_stats_test test, const uint64_t *observed, const mpq_t *prob,
                             size_t nbins, pb_stats_fit *fit, char *err, size_t errlen)
{
    uint64_t total = 0;
    if (pb_stats_check_input(observed, prob, nbins, &total, err, errlen) != 0)
        return -1;

    size_t *group_of = malloc(nbins * sizeof *group_of);
    uint64_t *group_obs = calloc(nbins, sizeof *group_obs);
    mpq_t *group_p = malloc(nbins * sizeof *group_p);
    size_t groups = 0;
    if (!group_of || !group_obs || !group_p
        || pb_stats_pool(prob, nbins, total, group_of, &groups) != 0) {
        free(group_of);
        free(group_obs);
        free(group_p);
        return pb_stats_fail(err, errlen, "out of memory");
    }
    for (size_t g = 0; g < groups; g++)
        mpq_init(group_p[g]);
    for (size_t i = 0; i < nbins; i++) {
        group_obs[group_of[i]] += observed[i];
        mpq_add(group_p[group_of[i]], group_p[group_of[i]], prob[i]);
    }

    mpfr_t stat, p;
    mpfr_inits2(PB_STATS_PREC, stat, p, (mpfr_ptr)0);
    if (test == PB_STATS_G)
        pb_stats_likelihood_ratio(stat, group_obs, group_p, groups, total);
    else
        pb_stats_pearson(stat, group_obs, group_p, groups, total);
    unsigned long df = (unsigned long)(groups - 1);
    if (df == 0)
        mpfr_set_ui(p, 1, MPFR_RNDN);
    else
        pb_stats_upper_tail(p, stat, df);

    fit->statistic = mpfr_get_d(stat, MPFR_RNDN);
    fit->p_value = mpfr_get_d(p, MPFR_RNDN);
    fit->df = df;
    fit->groups = groups;
    fit->total = total;
    fit->impossible_bin = 0;
    fit->impossible = pb_stats_impossible(observed, prob, nbins, &fit->impossible_bin);

    mpfr_clears(stat, p, (mpfr_ptr)0);
    for (size_t g = 0; g < groups; g++)
        mpq_clear(group_p[g]);
    free(group_of);
    free(group_obs);
    free(group_p);
    return 0;
}

/* Holm: a p-value with its input position; sorted by value (NaN last), then position. */
typedef struct pb_stats_ranked {
    double p;
    size_t index;
} pb_stats_ranked;

static int pb_stats_ranked_cmp(const void *a, const void *b)
{
    const pb_stats_ranked *x = a, *y = b;
    int x_nan = isnan(x->p) != 0, y_nan = isnan(y->p) != 0;
    if (x_nan != y_nan)
        return x_nan - y_nan;
    if (!x_nan && x->p != y->p)
        return x->p < y->p ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

long pb_stats_holm(const double *p_values, size_t n, double alpha, bool *rejected)
{
    pb_stats_ranked *order = malloc((n > 0 ? n : 1) * sizeof *order);
    if (!order)
        return -1;
    for (size_t i = 0; i < n; i++) {
        order[i].p = p_values[i];
        order[i].index = i;
        rejected[i] = false;
    }
    qsort(order, n, sizeof *order, pb_stats_ranked_cmp);
    long count = 0;
    for (size_t i = 0; i < n; i++) {
        if (isnan(order[i].p) || !(order[i].p <= alpha / (double)(n - i)))
            break;
        rejected[order[i].index] = true;
        count++;
    }
    free(order);
    return count;
}
