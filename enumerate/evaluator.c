/* enumerate/evaluator.c: the exact evaluator for the "best" policies, with a shared cache.
 *
 *   expect_play   E[pb_play_value] of a run or pass play with a forced call, by enumeration;
 *   expect_return E[the receiving team's start togo after a return from landing], a return
 *                 touchdown counting 0 (a cut chain, with a depth only, counts as no return).
 * Values are exact (depth 0); only when a chain can run forever is the evaluator's fallback
 * depth used. The cache maps (ruleset, policies, situation, call | landing, fallback depth) to
 * the value; rulesets are told apart by content (a registry of copies), so the cache is right
 * for any ruleset, however it was made. Lookups and inserts are under one mutex; values are
 * computed outside it (two threads may compute the same value; both get the same number). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"

typedef struct {
    int what;          /* 0 play, 1 return */
    int rs_id;
    int depth;
    int landing;
    pb_policies pol;
    pb_situation sit;
    pb_call call;
} ev_key;

typedef struct ev_entry {
    ev_key key;
    mpq_t value;
    struct ev_entry *next;
} ev_entry;

#define NBUCKET 4096

static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static ev_entry *buckets[NBUCKET];
static pb_ruleset **registry;
static int nregistry;

/* The id of a ruleset's content (under ev_lock); -1 when out of memory (its values are then
 * neither looked up nor kept in the shared cache: slower, the same values). */
static int ruleset_id(const pb_ruleset *rs)
{
    for (int i = 0; i < nregistry; i++)
        if (memcmp(registry[i], rs, sizeof *rs) == 0)
            return i;
    pb_ruleset **r = realloc(registry, (size_t)(nregistry + 1) * sizeof *r);
    if (!r)
        return -1;
    registry = r;
    registry[nregistry] = malloc(sizeof *rs);
    if (!registry[nregistry])
        return -1;
    memcpy(registry[nregistry], rs, sizeof *rs);
    return nregistry++;
}

static size_t key_hash(const ev_key *k)
{
    const unsigned char *p = (const unsigned char *)k;
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < sizeof *k; i++) {
        h ^= p[i];
        h *= UINT64_C(1099511628211);
    }
    return (size_t)(h % NBUCKET);
}

/* The private memo of one enumeration: the last keys asked (an enumeration asks the same few
 * questions on every path), with the ruleset's id for the ruleset pointer it saw. */
#define MEMO 16
struct pb_eval_memo {
    const pb_ruleset *rs;
    int rs_id;
    int n, next;
    ev_key key[MEMO];
    mpq_t value[MEMO];
};

static bool memo_get(struct pb_eval_memo *m, ev_key *k, const pb_ruleset *rs, mpq_t out)
{
    if (!m || m->rs != rs)
        return false;
    k->rs_id = m->rs_id;
    for (int i = 0; i < m->n; i++)
        if (memcmp(&m->key[i], k, sizeof *k) == 0) {
            mpq_set(out, m->value[i]);
            return true;
        }
    return false;
}

static void memo_put(struct pb_eval_memo *m, const ev_key *k, const pb_ruleset *rs, const mpq_t v)
{
    if (!m)
        return;
    if (m->rs != rs) {
        m->rs = rs;
        m->rs_id = k->rs_id;
        m->n = m->next = 0;
    }
    int i = m->next;
    if (m->n < MEMO)
        mpq_init(m->value[m->n++]);
    m->key[i] = *k;
    mpq_set(m->value[i], v);
    m->next = (i + 1) % MEMO;
}

/* Look the key up (rs_id filled here); true and the value on a hit. */
static bool lookup(ev_key *k, const pb_ruleset *rs, mpq_t out)
{
    pthread_mutex_lock(&ev_lock);
    k->rs_id = ruleset_id(rs);
    bool hit = false;
    for (ev_entry *e = buckets[key_hash(k)]; e; e = e->next)
        if (memcmp(&e->key, k, sizeof *k) == 0) {
            mpq_set(out, e->value);
            hit = true;
            break;
        }
    pthread_mutex_unlock(&ev_lock);
    return hit;
}

static void insert(const ev_key *k, const mpq_t value)
{
    if (k->rs_id < 0)   /* the ruleset could not be registered (out of memory) */
        return;
    pthread_mutex_lock(&ev_lock);
    size_t h = key_hash(k);
    ev_entry *e;
    for (e = buckets[h]; e; e = e->next)
        if (memcmp(&e->key, k, sizeof *k) == 0)
            break;
    if (!e && (e = malloc(sizeof *e)) != NULL) {   /* out of memory: not kept (a cache) */
        e->key = *k;
        mpq_init(e->value);
        mpq_set(e->value, value);
        e->next = buckets[h];
        buckets[h] = e;
    }
    pthread_mutex_unlock(&ev_lock);
}

/* Enumerate exactly, or at the fallback depth when a chain can run forever. */
static int enumerate_for_eval(pb_dist *d, const pb_enum_eval *self, const pb_play_env *env, pb_action action,
                              const pb_situation *s, const pb_call *call)
{
    char err[256];
    int st = pb_enum_action(d, env, action, s, call, 0, PB_CURSOR_FAST, &self->base, err, sizeof err);
    if (st == PB_ENUM_NEEDS_DEPTH)
        st = pb_enum_action(d, env, action, s, call, self->depth, PB_CURSOR_FAST, &self->base, err, sizeof err);
    return st;
}

/* out = sum of num_i * value_i over den. */
static void expectation(const pb_dist *d, int (*value)(const pb_dist_entry *e, int arg), int arg, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++) {
        long v = value(&d->entries[i], arg);
        if (v >= 0)
            mpz_addmul_ui(s, d->entries[i].num, (unsigned long)v);
        else
            mpz_submul_ui(s, d->entries[i].num, (unsigned long)-v);
    }
    mpz_set(mpq_numref(out), s);
    mpz_set(mpq_denref(out), d->den);
    mpq_canonicalize(out);
    mpz_clear(s);
}

static int play_value(const pb_dist_entry *e, int togo)
{
    pb_result r;
    memset(&r, 0, sizeof r);
    r.kind = e->kind;
    r.yards = e->yards;
    r.flags = e->flags;
    return pb_play_value(&r, togo);
}

static int return_value(const pb_dist_entry *e, int landing)
{
    if (e->kind == PB_OUT_START)
        return e->yards;
    if (e->kind == PB_OUT_RETURN_TD)
        return 0;
    return landing;  /* a cut chain: counted as no return */
}

static int expect_play(const pb_evaluator *ev, const pb_ruleset *rs, const pb_policies *pol, const pb_situation *s,
                       const pb_call *c, mpq_t out)
{
    const pb_enum_eval *self = ev->self;
    ev_key k;
    memset(&k, 0, sizeof k);
    k.what = 0;
    k.depth = self->depth;
    k.pol = *pol;
    k.sit = *s;
    k.call = *c;
    if (c->card == 0)
        k.call.timeout_force = PB_TIMEOUT_POLICY;  /* no card: nothing to force */
    if (memo_get(self->memo, &k, rs, out))
        return 0;
    if (lookup(&k, rs, out)) {
        memo_put(self->memo, &k, rs, out);
        return 0;
    }
    pb_play_env env = {rs, *pol, ev, NULL};
    pb_dist d;
    int st = enumerate_for_eval(&d, self, &env, PB_ACTION_PLAY, s, c);
    if (st != 0) {
        pb_dist_release(&d);
        mpq_set_ui(out, 0, 1);
        return -1;
    }
    expectation(&d, play_value, s->togo, out);
    pb_dist_release(&d);
    insert(&k, out);
    memo_put(self->memo, &k, rs, out);
    return 0;
}

static int expect_return(const pb_evaluator *ev, const pb_ruleset *rs, int landing, mpq_t out)
{
    const pb_enum_eval *self = ev->self;
    ev_key k;
    memset(&k, 0, sizeof k);
    k.what = 1;
    k.depth = self->depth;
    k.landing = landing;
    if (memo_get(self->memo, &k, rs, out))
        return 0;
    if (lookup(&k, rs, out)) {
        memo_put(self->memo, &k, rs, out);
        return 0;
    }
    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = rs;
    pb_situation s;
    memset(&s, 0, sizeof s);
    s.togo = landing;
    pb_call call;
    memset(&call, 0, sizeof call);
    pb_dist d;
    int st = enumerate_for_eval(&d, self, &env, PB_ACTION_RETURN, &s, &call);
    if (st != 0) {
        pb_dist_release(&d);
        mpq_set_si(out, landing, 1);
        return -1;
    }
    expectation(&d, return_value, landing, out);
    pb_dist_release(&d);
    insert(&k, out);
    memo_put(self->memo, &k, rs, out);
    return 0;
}

void pb_enum_eval_init(pb_enum_eval *e, int depth)
{
    e->base.expect_play = expect_play;
    e->base.expect_return = expect_return;
    e->base.self = e;
    e->depth = depth;
    e->memo = calloc(1, sizeof *e->memo);   /* NULL (out of memory): no memo, the same values */
}

void pb_enum_eval_release(pb_enum_eval *e)
{
    if (!e->memo)
        return;
    for (int i = 0; i < e->memo->n; i++)
        mpq_clear(e->memo->value[i]);
    free(e->memo);
    e->memo = NULL;
}

/* Shared by every thread: no private memo. */
static pb_enum_eval public_eval = {{expect_play, expect_return, &public_eval}, PB_ENUM_EVAL_FALLBACK_DEPTH, NULL};

const pb_evaluator *pb_enum_evaluator(void) { return &public_eval.base; }

void pb_enum_eval_cache_clear(void)
{
    pthread_mutex_lock(&ev_lock);
    for (size_t i = 0; i < NBUCKET; i++) {
        while (buckets[i]) {
            ev_entry *n = buckets[i]->next;
            mpq_clear(buckets[i]->value);
            free(buckets[i]);
            buckets[i] = n;
        }
    }
    for (int i = 0; i < nregistry; i++)
        free(registry[i]);
    free(registry);
    registry = NULL;
    nregistry = 0;
    pthread_mutex_unlock(&ev_lock);
}
