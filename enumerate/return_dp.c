/* enumerate/return_dp.c: the exact distribution of a whole return (3.4) as one draw for the
 * exhaustive oracle (cursor.c): the distance from `from` yards out, capped at `from`, of a first
 * roll (sum x multiplier; doubles: sum x doubles_multiplier, then the doubles chain, whose
 * distribution comes from chain.c's program). special.c's pb_return_distance takes it from the
 * oracle instead of rolling (core/oracle.h, PB_RETURN_LITERAL); the result is the same exact
 * distribution, with one branch per distance instead of one per roll and chain value, so a play
 * whose turnover is returned (cards 02, 04) is no longer re-run for every return roll of every
 * spot. Only at depth 0 (chains absorbed; a return can never be cut there).
 *
 * A program is immutable once built and cached for (multiplier, doubles_multiplier, from) under
 * a lock; pb_return_cache_clear frees them (only while nothing enumerates). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"

struct pb_return_dp {
    int multiplier, doubles_multiplier, from;
    int n;                  /* distances with positive probability, ascending */
    int value[101];
    mpz_t num[101];         /* P(distance = value[i]) = num[i] / 6^exp6 */
    unsigned exp6;
    struct pb_return_dp *next;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pb_return_dp *cache;

/* Every unordered roll and its weight out of 36. */
static void for_each_roll(void (*f)(void *, int, int, unsigned), void *arg)
{
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++)
            f(arg, a, b, a == b ? 1u : 2u);
}

typedef struct {
    pb_return_dp *dp;
    mpz_t acc[101];         /* numerators over 6^(2 + chain_exp6) */
    unsigned chain_exp6;
    bool failed;
} build_job;

static void add_roll(void *arg, int a, int b, unsigned w)
{
    build_job *j = arg;
    pb_return_dp *dp = j->dp;
    int from = dp->from, sum = a + b;
    int first = sum * (a == b ? dp->doubles_multiplier : dp->multiplier);
    if (a != b || first >= from) {
        int v = first < from ? first : from;
        mpz_addmul_ui(j->acc[v], pb_pow6(j->chain_exp6), w);
        return;
    }
    pb_chain_spec spec = {dp->multiplier, dp->doubles_multiplier, 0, 1};
    char err[256];
    const pb_chain_dp *chain = pb_chain_dp_get(&spec, 0, from - first, err, sizeof err);
    if (!chain || pb_chain_dp_exp6(chain) > j->chain_exp6) {
        j->failed = true;
        return;
    }
    mpz_t scaled;   /* a program built for another cap may count in a smaller power of 6 */
    mpz_init(scaled);
    int n = pb_chain_dp_options(chain, from - first);
    for (int i = 0; i < n && !j->failed; i++) {
        mpz_srcptr num;
        int t = pb_chain_dp_option(chain, from - first, i, &num);
        if (t == PB_CHAIN_CUT) {
            j->failed = true;
            break;
        }
        int v = first + t < from ? first + t : from;
        mpz_mul(scaled, num, pb_pow6(j->chain_exp6 - pb_chain_dp_exp6(chain)));
        mpz_addmul_ui(j->acc[v], scaled, w);
    }
    mpz_clear(scaled);
}

static pb_return_dp *build(int multiplier, int doubles_multiplier, int from)
{
    pb_chain_spec spec = {multiplier, doubles_multiplier, 0, 1};
    char err[256];
    if (from < 1 || from > 100 || multiplier < 1 || doubles_multiplier < 1 || pb_chain_min_step(&spec) <= 0)
        return NULL;
    const pb_chain_dp *probe = pb_chain_dp_get(&spec, 0, from, err, sizeof err);
    if (!probe)
        return NULL;
    pb_return_dp *dp = calloc(1, sizeof *dp);
    if (!dp)
        return NULL;
    dp->multiplier = multiplier;
    dp->doubles_multiplier = doubles_multiplier;
    dp->from = from;
    build_job j;
    memset(&j, 0, sizeof j);
    j.dp = dp;
    j.chain_exp6 = pb_chain_dp_exp6(probe);
    for (int v = 0; v <= from; v++)
        mpz_init(j.acc[v]);
    for_each_roll(add_roll, &j);
    dp->exp6 = 2 + j.chain_exp6;
    for (int v = 0; v <= from; v++) {
        if (!j.failed && mpz_sgn(j.acc[v]) > 0) {
            dp->value[dp->n] = v;
            mpz_init_set(dp->num[dp->n], j.acc[v]);
            dp->n++;
        }
        mpz_clear(j.acc[v]);
    }
    if (j.failed) {
        pb_return_dp_free(dp);
        return NULL;
    }
    return dp;
}

const pb_return_dp *pb_return_dp_get(int multiplier, int doubles_multiplier, int from)
{
    pthread_mutex_lock(&cache_lock);
    pb_return_dp *dp = cache;
    while (dp && !(dp->multiplier == multiplier && dp->doubles_multiplier == doubles_multiplier && dp->from == from))
        dp = dp->next;
    if (!dp) {
        dp = build(multiplier, doubles_multiplier, from);
        if (dp) {
            dp->next = cache;
            cache = dp;
        }
    }
    pthread_mutex_unlock(&cache_lock);
    return dp;
}

bool pb_return_dp_serves(const pb_return_dp *dp, int multiplier, int doubles_multiplier, int from)
{
    return dp->multiplier == multiplier && dp->doubles_multiplier == doubles_multiplier && dp->from == from;
}

int pb_return_dp_options(const pb_return_dp *dp) { return dp->n; }

int pb_return_dp_option(const pb_return_dp *dp, int i, mpz_srcptr *num)
{
    *num = dp->num[i];
    return dp->value[i];
}

unsigned pb_return_dp_exp6(const pb_return_dp *dp) { return dp->exp6; }

void pb_return_dp_free(pb_return_dp *dp)
{
    if (!dp)
        return;
    for (int i = 0; i < dp->n; i++)
        mpz_clear(dp->num[i]);
    free(dp);
}

void pb_return_cache_clear(void)
{
    pthread_mutex_lock(&cache_lock);
    while (cache) {
        pb_return_dp *next = cache->next;
        pb_return_dp_free(cache);
        cache = next;
    }
    pthread_mutex_unlock(&cache_lock);
}
