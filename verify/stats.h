/* verify/stats.h: statistics for the simulator-vs-exact cross-check.
 *
 * Observed counts are integers (uint64_t); expected probabilities are exact (mpq_t, canonical,
 * summing to exactly 1). Pearson's X^2 is computed exactly as a rational, G in MPFR; p-values
 * come from MPFR at PB_STATS_PREC bits, p = Q(df/2, x/2) = Γ(df/2, x/2) / Γ(df/2). Only the
 * results handed back (statistic, p-value) are doubles. A p-value that the Chernoff bound puts
 * below e^-760 is returned as 0 without calling mpfr_gamma_inc (its double would be 0 anyway).
 *
 * Pooling rule (pb_stats_pool). The expected count of a group of bins is N times the sum of its
 * exact probabilities. Start with one group per bin, in the given order. While there are at
 * least two groups and the smallest expected count is below 5: take the group with the
 * smallest expected count (the leftmost one if several are equal) and merge it with the
 * adjacent group of smaller expected count (the left one if both are equal; at either end, the
 * only neighbour). Groups are therefore always runs of adjacent bins, and at the end every
 * expected count is at least 5, or a single group is left (df 0). */
#ifndef PB_STATS_H
#define PB_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

/* Working precision of MPFR in the p-value computations. */
#define PB_STATS_PREC 128

/* Smallest expected count a pooled group may have. */
#define PB_STATS_MIN_EXPECTED 5

typedef enum pb_stats_test {
    PB_STATS_CHI2, /* Pearson: X^2 = sum (O - E)^2 / E */
    PB_STATS_G     /* likelihood ratio: G = 2 sum O ln(O / E), terms with O = 0 count 0 */
} pb_stats_test;

typedef struct pb_stats_fit {
    double statistic;      /* X^2 or G over the pooled groups */
    double p_value;        /* P(chi-square(df) >= statistic); 1 when df == 0 */
    unsigned long df;      /* groups - 1 */
    size_t groups;         /* groups left after pooling */
    uint64_t total;        /* N, the sum of the observed counts */
    bool impossible;       /* some bin of exact probability 0 has a nonzero observed count */
    size_t impossible_bin; /* the first such bin, when impossible */
} pb_stats_fit;

/* Upper tail of the chi-square distribution: P(X >= x) for X ~ chi-square(df), computed with
 * MPFR. For df == 0 (the point mass at 0): 1 if x <= 0, else 0. x <= 0 gives 1; NaN gives NaN. */
double pb_stats_chi2_upper(double x, unsigned long df);

/* Pools bins by the rule above for N = total observations: group_of[i] receives the group
 * index (0, 1, ... in order) of bin i, *groups their number. prob[] need not sum to 1 here.
 * Returns 0, or -1 if memory ran out. With total == 0 everything is one group. */
int pb_stats_pool(const mpq_t *prob, size_t nbins, uint64_t total, size_t *group_of,
                  size_t *groups);

/* The structural check: returns true if some bin has prob 0 but a nonzero observed count, and
 * stores the first such bin in *first_bin (if first_bin is not NULL). */
bool pb_stats_impossible(const uint64_t *observed, const mpq_t *prob, size_t nbins,
                         size_t *first_bin);

/* Goodness of fit of observed[0..nbins-1] to prob[0..nbins-1]: checks the input, runs the
 * structural check, pools, computes the statistic of `test` and its p-value into *fit.
 * An impossibility is reported in fit->impossible and is not an error (the statistic is still
 * computed on the pooled groups). Returns 0; or -1 with a message in err (if err is not NULL)
 * when nbins is 0, a probability is negative, the probabilities do not sum to exactly 1, there
 * are no observations, the counts overflow, or memory runs out. */
int pb_stats_goodness_of_fit(pb_stats_test test, const uint64_t *observed, const mpq_t *prob,
                             size_t nbins, pb_stats_fit *fit, char *err, size_t errlen);

/* MPFR keeps per-thread caches of constants (pi, log 2, ...) that the p-values fill; they are
 * reused by later calls. This frees them: call it before exit, or when a thread that computed
 * p-values ends, so that leak checkers see nothing left over. */
void pb_stats_release_caches(void);

/* Holm–Bonferroni step-down at family-wise level alpha: sorts the p-values ascending (equal
 * ones by their index; NaN last, never rejected), rejects the i-th smallest (i = 0, 1, ...)
 * while p <= alpha / (n - i), and stops at the first that is not. rejected[k] tells, in the
 * input order, whether hypothesis k is rejected. Returns the number rejected, or -1 if memory
 * ran out (rejected[] is then untouched). */
long pb_stats_holm(const double *p_values, size_t n, double alpha, bool *rejected);

#endif
