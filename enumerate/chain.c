/* enumerate/chain.c: the doubles chain's exact distribution, by dynamic program, cached.
 *
 * The oracle's chain(spec, cap) is min(T, cap), T the summed re-roll steps while re-rolls are
 * doubles, exactly as pb_chain_roll_literally rolls it: before each re-roll, a total >= cap
 * returns cap, and K re-rolls made (depth K > 0) return PB_CHAIN_CUT.
 *
 * Layers: alive_n(t) = P(n re-rolls made, all doubles, total t, every total so far < cap).
 * A non-doubles re-roll of step s ends the chain at t + s; a doubles one moves to alive_n+1.
 * Every number is a numerator over 36^L (L = the number of layers rolled), so exp6 = 2 L;
 * a layer's sums are exact multiples of 36 (alive_n has denominator 36^n), so moving one
 * layer down is an exact division by 36.
 *
 * Monotone chains (every step > 0): totals only grow, so a total below cap never passed cap,
 * and P(T = t) for t < cap and the cut mass below cap do not depend on cap. One program up
 * to cap_max serves every cap <= cap_max: the options of cap c are the support points below c,
 * then cap (1 - what is below - the cut below), then the cut. Other chains (a step <= 0, only
 * with a depth) get one program per cap.
 *
 * The cache is a list under a mutex; programs are immutable once listed and freed only by
 * pb_chain_cache_clear. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"

#define CAP_LIMIT 1024      /* largest cap served (the rules need about 210) */
#define CAP_MONO_MIN 128    /* a monotone program is built for at least caps 1..128 */

struct pb_chain_dp {
    pb_chain_spec spec;
    int depth;
    bool monotone;
    int cap_max;            /* monotone: caps 1..cap_max; else exactly cap_max */
    int lo;                 /* lowest total tracked */
    unsigned exp6;
    int nsup;
    int *sup;               /* support below cap_max, ascending */
    mpz_t *res;             /* numerator of P(T = sup[i]) */
    /* per cap (index cap - 1 when monotone, index 0 otherwise) */
    int *k;                 /* support points below the cap */
    int *nopt;              /* options of the cap */
    mpz_t *tail, *cut;
    struct pb_chain_dp *next;
};

static pb_chain_dp *cache_head;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* calloc, never of 0 bytes; a failure sets *bad (the caller checks once after a batch) */
static void *zcalloc(bool *bad, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        *bad = true;
    return p;
}

static void free_temps(mpz_t *t[4], int width)
{
    for (int k = 0; k < 4; k++) {
        for (int i = 0; t[k] && i < width; i++)
            mpz_clear(t[k][i]);
        free(t[k]);
    }
}

typedef struct { int step, w; bool dbl; } move;

/* The 21 unordered rolls grouped by (step, doubles): at most 21 moves, weights out of 36. */
static int moves_of(const pb_chain_spec *spec, move *mv)
{
    int n = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++) {
            int s = pb_chain_step(spec, a, b), w = a == b ? 1 : 2;
            bool dbl = a == b;
            int j = 0;
            while (j < n && !(mv[j].step == s && mv[j].dbl == dbl))
                j++;
            if (j == n)
                mv[n++] = (move){s, 0, dbl};
            mv[j].w += w;
        }
    return n;
}

/* NULL: out of memory */
static pb_chain_dp *build(const pb_chain_spec *spec, int depth, bool monotone, int cap)
{
    move mv[21];
    int nmv = moves_of(spec, mv), min_step = pb_chain_min_step(spec);
    bool bad = false;
    pb_chain_dp *dp = zcalloc(&bad, 1, sizeof *dp);
    if (bad)
        return NULL;
    dp->spec = *spec;
    dp->depth = depth;
    dp->monotone = monotone;
    dp->cap_max = cap;
    dp->lo = min_step < 0 ? depth * min_step : 0;
    int lo = dp->lo, width = cap - lo;

    /* pass 1: how many layers are rolled */
    bool *on = zcalloc(&bad, (size_t)width, sizeof *on), *on2 = zcalloc(&bad, (size_t)width, sizeof *on2);
    if (bad) {
        free(on);
        free(on2);
        free(dp);
        return NULL;
    }
    on[0 - lo] = true;
    int layers = 0;
    for (int n = 0;; n++) {
        if (depth > 0 && n == depth)
            break;
        bool any = false;
        for (int i = 0; i < width && !any; i++)
            any = on[i];
        if (!any)
            break;
        layers = n + 1;
        memset(on2, 0, (size_t)width * sizeof *on2);
        for (int i = 0; i < width; i++)
            if (on[i])
                for (int m = 0; m < nmv; m++) {
                    int u = i + lo + mv[m].step;
                    if (mv[m].dbl && u < cap)
                        on2[u - lo] = true;
                }
        bool *t = on;
        on = on2;
        on2 = t;
    }
    free(on);
    free(on2);
    dp->exp6 = 2u * (unsigned)layers;

    /* pass 2: the numerators over 36^layers */
    mpz_t *alive = zcalloc(&bad, (size_t)width, sizeof *alive), *next = zcalloc(&bad, (size_t)width, sizeof *next);
    mpz_t *res = zcalloc(&bad, (size_t)width, sizeof *res), *stop = zcalloc(&bad, (size_t)width, sizeof *stop);
    mpz_t *temps[4] = {alive, next, res, stop};
    if (bad) {
        for (int k = 0; k < 4; k++)
            free(temps[k]);
        free(dp);
        return NULL;
    }
    for (int i = 0; i < width; i++) {
        mpz_init(alive[i]);
        mpz_init(next[i]);
        mpz_init(res[i]);
        mpz_init(stop[i]);
    }
    mpz_set(alive[0 - lo], pb_pow6(dp->exp6));
    for (int n = 0; n < layers; n++) {
        for (int i = 0; i < width; i++) {
            if (mpz_sgn(alive[i]) == 0)
                continue;
            for (int m = 0; m < nmv; m++) {
                int u = i + lo + mv[m].step;
                if (u >= cap)
                    continue;  /* reaches the cap: the tail, the complement */
                mpz_addmul_ui(mv[m].dbl ? next[u - lo] : stop[u - lo], alive[i], (unsigned long)mv[m].w);
            }
        }
        for (int i = 0; i < width; i++) {
            mpz_divexact_ui(alive[i], next[i], 36);
            mpz_set_ui(next[i], 0);
            if (mpz_sgn(stop[i])) {
                mpz_divexact_ui(stop[i], stop[i], 36);
                mpz_add(res[i], res[i], stop[i]);
                mpz_set_ui(stop[i], 0);
            }
        }
    }
    /* alive now holds the chains still running after `layers` re-rolls: empty, or the cut */
    for (int i = 0; i < width; i++)
        dp->nsup += mpz_sgn(res[i]) != 0;
    int ncaps = monotone ? cap : 1;
    dp->sup = zcalloc(&bad, (size_t)dp->nsup, sizeof *dp->sup);
    dp->res = zcalloc(&bad, (size_t)dp->nsup, sizeof *dp->res);
    dp->k = zcalloc(&bad, (size_t)ncaps, sizeof *dp->k);
    dp->nopt = zcalloc(&bad, (size_t)ncaps, sizeof *dp->nopt);
    dp->tail = zcalloc(&bad, (size_t)ncaps, sizeof *dp->tail);
    dp->cut = zcalloc(&bad, (size_t)ncaps, sizeof *dp->cut);
    if (bad) {
        free(dp->sup);
        free(dp->res);
        free(dp->k);
        free(dp->nopt);
        free(dp->tail);
        free(dp->cut);
        free(dp);
        free_temps(temps, width);
        return NULL;
    }
    for (int i = 0, j = 0; i < width; i++)
        if (mpz_sgn(res[i])) {
            dp->sup[j] = i + lo;
            mpz_init_set(dp->res[j], res[i]);
            j++;
        }

    mpz_t below, cutbelow;
    mpz_inits(below, cutbelow, NULL);
    int idx = 0, j = 0;
    for (int c = monotone ? 1 : cap; c <= cap; c++, idx++) {
        /* add the totals in [previous cap, c) */
        for (int t = (monotone && c > 1) ? c - 1 : lo; t < c; t++) {
            if (t < lo)
                continue;
            mpz_add(below, below, res[t - lo]);
            mpz_add(cutbelow, cutbelow, alive[t - lo]);
        }
        while (j < dp->nsup && dp->sup[j] < c)
            j++;
        dp->k[idx] = j;
        mpz_init(dp->tail[idx]);
        mpz_init_set(dp->cut[idx], cutbelow);
        mpz_sub(dp->tail[idx], pb_pow6(dp->exp6), below);
        mpz_sub(dp->tail[idx], dp->tail[idx], cutbelow);
        dp->nopt[idx] = j + (mpz_sgn(dp->tail[idx]) != 0) + (mpz_sgn(cutbelow) != 0);
    }
    mpz_clears(below, cutbelow, NULL);
    free_temps(temps, width);
    return dp;
}

static void dp_free(pb_chain_dp *dp)
{
    for (int i = 0; i < dp->nsup; i++)
        mpz_clear(dp->res[i]);
    int ncaps = dp->monotone ? dp->cap_max : 1;
    for (int i = 0; i < ncaps; i++) {
        mpz_clear(dp->tail[i]);
        mpz_clear(dp->cut[i]);
    }
    free(dp->sup);
    free(dp->res);
    free(dp->k);
    free(dp->nopt);
    free(dp->tail);
    free(dp->cut);
    free(dp);
}

static bool same_spec(const pb_chain_spec *a, const pb_chain_spec *b)
{
    return a->multiplier == b->multiplier && a->doubles_multiplier == b->doubles_multiplier && a->add == b->add &&
           a->divisor == b->divisor;
}

bool pb_chain_dp_serves(const pb_chain_dp *dp, const pb_chain_spec *spec, int depth, int cap)
{
    return dp->depth == depth && same_spec(&dp->spec, spec) &&
           (dp->monotone ? cap <= dp->cap_max : cap == dp->cap_max);
}

const pb_chain_dp *pb_chain_dp_get(const pb_chain_spec *spec, int depth, int cap, char *err, size_t errlen)
{
    int min_step = pb_chain_min_step(spec);
    bool monotone = min_step > 0;
    if (!monotone && depth <= 0) {
        snprintf(err, errlen,
                 "a doubles re-roll can add %d yards (a step of 0 or less), so the chain can run forever: "
                 "give a depth (--depth K) to cut it after K re-rolls",
                 min_step);
        return NULL;
    }
    if (cap < 1 || cap > CAP_LIMIT) {
        snprintf(err, errlen, "a doubles chain capped at %d yards is beyond what the enumerator handles (1..%d)",
                 cap, CAP_LIMIT);
        return NULL;
    }
    if (spec->divisor < 1) {
        snprintf(err, errlen, "a doubles chain with divisor %d", spec->divisor);
        return NULL;
    }
    pthread_mutex_lock(&cache_lock);
    pb_chain_dp *dp;
    for (dp = cache_head; dp; dp = dp->next)
        if (pb_chain_dp_serves(dp, spec, depth, cap))
            break;
    if (!dp) {
        int build_cap = cap;
        if (monotone) {
            build_cap = cap < CAP_MONO_MIN ? CAP_MONO_MIN : (cap + 63) / 64 * 64;
            if (build_cap > CAP_LIMIT)
                build_cap = CAP_LIMIT;
        }
        dp = build(spec, depth, monotone, build_cap);
        if (dp) {
            dp->next = cache_head;
            cache_head = dp;
        }
    }
    pthread_mutex_unlock(&cache_lock);
    if (!dp)
        snprintf(err, errlen, "out of memory");
    return dp;
}

pb_chain_dp *pb_chain_dp_build_single(const pb_chain_spec *spec, int depth, int cap)
{   /* NULL: out of memory */
    return build(spec, depth, false, cap);
}

void pb_chain_dp_free(pb_chain_dp *dp) { dp_free(dp); }

unsigned pb_chain_dp_exp6(const pb_chain_dp *dp) { return dp->exp6; }

static int cap_index(const pb_chain_dp *dp, int cap) { return dp->monotone ? cap - 1 : 0; }

int pb_chain_dp_options(const pb_chain_dp *dp, int cap) { return dp->nopt[cap_index(dp, cap)]; }

int pb_chain_dp_option(const pb_chain_dp *dp, int cap, int i, mpz_srcptr *num)
{
    int c = cap_index(dp, cap), k = dp->k[c];
    if (i < k) {
        *num = dp->res[i];
        return dp->sup[i];
    }
    i -= k;
    if (mpz_sgn(dp->tail[c])) {
        if (i == 0) {
            *num = dp->tail[c];
            return cap;
        }
        i--;
    }
    *num = dp->cut[c];
    return PB_CHAIN_CUT;
}

void pb_chain_cache_clear(void)
{
    pthread_mutex_lock(&cache_lock);
    while (cache_head) {
        pb_chain_dp *n = cache_head->next;
        dp_free(cache_head);
        cache_head = n;
    }
    pthread_mutex_unlock(&cache_lock);
}
