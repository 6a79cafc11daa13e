/* verify/xc_games.c: the cross-check on the plays whole simulated games reach.
 *
 * Games are played by the simulator (sim/sim.h: game i on its own stream (seed, i), coach
 * strategies both sides) with an observer on every event (sim/game.h). Each snap, kick, punt,
 * field goal and try is counted in a cell keyed by what its outcome depends on:
 *   snaps: offense, defense, card, togo; lead > 0 only when the card's effect needs a lead
 *          (card 07); a side's timeouts > 0 only when the card lets that side take a timeout
 *          or challenge (a play spends at most one); the down and the yards to gain only decide
 *          the first-down flag, which is masked;
 *   kicks: regular or onside, from the 30 or after a safety; punts and field goals by togo;
 *          PAT kicks; two-point tries by offense and defense.
 * Counts go to a hash map per chunk of games, merged under a lock (sums of integers, so the
 * totals do not depend on the threads). Then every cell reached is enumerated exactly at a
 * representative situation (1st and 10 or goal, lead 1 or 0, timeouts as the ruleset or 0)
 * and checked structurally (nothing outside its support), and the cells of one call are
 * pooled for the goodness-of-fit test (see verify.h), with Holm over the calls. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "strategy.h"
#include "verify.h"

#define GAMES_PER_CHUNK 500

/* ---- a map from a 64-bit key to a count ---- */

typedef struct {
    uint64_t *key;   /* 0: empty (keys are never 0: the action field is stored + 1) */
    uint64_t *val;
    size_t cap, used;
    bool failed;     /* out of memory: counts were dropped (the run fails) */
} counts;

static void counts_init(counts *m, size_t cap)
{
    m->cap = cap;
    m->used = 0;
    m->failed = false;
    m->key = calloc(cap, sizeof *m->key);
    m->val = calloc(cap, sizeof *m->val);
    if (!m->key || !m->val) {
        free(m->key);
        free(m->val);
        m->key = m->val = NULL;
        m->cap = 0;
        m->failed = true;
    }
}

static void counts_release(counts *m)
{
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

static void counts_add(counts *m, uint64_t key, uint64_t n);

static void counts_grow(counts *m)
{
    counts big;
    counts_init(&big, m->cap * 2);
    if (big.failed) {
        m->failed = true;
        return;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i])
            counts_add(&big, m->key[i], m->val[i]);
    counts_release(m);
    *m = big;
}

static void counts_add(counts *m, uint64_t key, uint64_t n)
{
    if (!m->failed && 2 * (m->used + 1) > m->cap)
        counts_grow(m);
    if (m->failed)
        return;
    size_t h = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (m->cap - 1);
    while (m->key[h] && m->key[h] != key)
        h = (h + 1) & (m->cap - 1);
    if (!m->key[h]) {
        m->key[h] = key;
        m->used++;
    }
    m->val[h] += n;
}

/* ---- keys: cell (24 bits) << 36 | kind (4) << 32 | yards + 128 (8) << 24 ... flags (16) ---- */

static uint64_t cell_bits(pb_action a, int off, int def, int card, int togo, int sit3)
{
    return ((uint64_t)(a + 1) << 20) | ((uint64_t)off << 18) | ((uint64_t)def << 15) | ((uint64_t)card << 10) |
           ((uint64_t)togo << 3) | (uint64_t)sit3;
}

static uint64_t full_key(uint64_t cell, const pb_result *r, unsigned mask)
{
    int yards = pb_outcome_has_yards(r->kind) ? r->yards : 0;
    return (cell << 36) | ((uint64_t)r->kind << 32) | ((uint64_t)(uint8_t)(yards + 128) << 24) |
           (uint64_t)(r->flags & mask & 0xFFFFu);
}

/* The cell of a key: a bit the card does not read takes the default (tied, the ruleset's
 * timeouts); a bit it reads, lead 1 or 0, timeouts as the ruleset or 0. */
static pb_verify_cell cell_of(uint64_t cell, const int *reads)
{
    int a = (int)((cell >> 20) & 15) - 1;
    pb_verify_cell c = pb_verify_special_cell((pb_action)a, (int)((cell >> 3) & 127));
    c.offense = (pb_offense)((cell >> 18) & 3);
    c.defense = (int)((cell >> 15) & 7);
    c.card = (int)((cell >> 10) & 31);
    if (a == PB_ACTION_PLAY) {
        int sit3 = (int)(cell & 7), r = reads[c.card];
        if (r & 1)
            c.lead = sit3 & 1;
        if ((r & 2) && !(sit3 & 2))
            c.timeouts_off = 0;
        if ((r & 4) && !(sit3 & 4))
            c.timeouts_def = 0;
    }
    return c;
}

/* The pooled call of a cell: the key without togo and situation bits. */
static uint64_t group_of(uint64_t cell) { return cell & ~(uint64_t)0x3FF; }

static pb_result result_of(uint64_t key)
{
    pb_result r;
    memset(&r, 0, sizeof r);
    r.kind = (pb_outcome_kind)((key >> 32) & 15);
    r.yards = (int)((key >> 24) & 255) - 128;
    r.flags = (unsigned)(key & 0xFFFFu);
    return r;
}

/* ---- playing ---- */

typedef struct {
    const pb_verify_xg_opts *o;
    pb_sim_config cfg;
    int reads[PB_CARD_COUNT + 1];
    pthread_mutex_t lock;
    counts all;
    char err[256];
    uint64_t failed_game;  /* lowest failing game + 1 */
    bool oom;              /* a chunk ran out of memory */
} games_ctx;

/* Which situation bits a card's effect reads (under either ruleset): 1 lead, 2 offense
 * timeouts, 4 defense timeouts. */
static int card_reads(const pb_ruleset *rs, int card)
{
    if (card < 1 || card > PB_CARD_COUNT)
        return 0;
    const pb_play_card *c = &rs->card[card - 1];
    int bits = 0;
    if (c->effect == PB_EFFECT_FOUL && c->requires_lead)
        bits |= 1;
    if (c->timeout == PB_SIDE_OFFENSE || (c->effect != PB_EFFECT_NONE && c->challenge == PB_SIDE_OFFENSE))
        bits |= 2;
    if (c->timeout == PB_SIDE_DEFENSE || (c->effect != PB_EFFECT_NONE && c->challenge == PB_SIDE_DEFENSE))
        bits |= 4;
    return bits;
}

typedef struct {
    counts m;
    int reads[PB_CARD_COUNT + 1];
} observer;

static void observe(void *self, const pb_game *g, const pb_game_event *e)
{
    observer *ob = self;
    (void)g;
    uint64_t cell;
    unsigned mask = ~0u;
    switch (e->kind) {
    case PB_EV_SNAP: {
        int sit3 = (e->sit.lead > 0) | (e->sit.timeouts_off > 0) << 1 | (e->sit.timeouts_def > 0) << 2;
        sit3 &= e->call.card >= 0 && e->call.card <= PB_CARD_COUNT ? ob->reads[e->call.card] : 0;
        cell = cell_bits(PB_ACTION_PLAY, e->call.offense, e->call.defense, e->call.card, e->sit.togo, sit3);
        mask = ~(unsigned)PB_FLAG_FIRST_DOWN;
        break;
    }
    case PB_EV_KICKOFF: {
        pb_action a = e->onside ? (e->free_kick ? PB_ACTION_ONSIDE_FREE : PB_ACTION_ONSIDE)
                                : (e->free_kick ? PB_ACTION_FREE_KICK : PB_ACTION_KICKOFF);
        cell = cell_bits(a, 0, 0, 0, 0, 0);
        break;
    }
    case PB_EV_PUNT:
        cell = cell_bits(PB_ACTION_PUNT, 0, 0, 0, e->sit.togo, 0);
        break;
    case PB_EV_FIELD_GOAL:
        cell = cell_bits(PB_ACTION_FIELD_GOAL, 0, 0, 0, e->sit.togo, 0);
        break;
    case PB_EV_PAT:
        cell = cell_bits(PB_ACTION_PAT, 0, 0, 0, 0, 0);
        break;
    case PB_EV_TWO_POINT:
        cell = cell_bits(PB_ACTION_TWO_POINT, e->call.offense, e->call.defense, 0, 0, 0);
        mask = ~(unsigned)PB_FLAG_FIRST_DOWN;
        break;
    default:
        return;
    }
    counts_add(&ob->m, full_key(cell, &e->result, mask), 1);
}

static void play_chunk(void *arg, size_t chunk)
{
    games_ctx *x = arg;
    uint64_t first = (uint64_t)chunk * GAMES_PER_CHUNK;
    uint64_t last = first + GAMES_PER_CHUNK < x->o->games ? first + GAMES_PER_CHUNK : x->o->games;
    observer local;
    counts_init(&local.m, 4096);
    memcpy(local.reads, x->reads, sizeof local.reads);
    pb_sim_game *sg = local.m.failed ? NULL : malloc(sizeof *sg);
    if (!sg) {
        pthread_mutex_lock(&x->lock);
        x->oom = true;
        pthread_mutex_unlock(&x->lock);
        counts_release(&local.m);
        return;
    }
    for (uint64_t i = first; i < last; i++) {
        pb_sim_game_init(sg, &x->cfg, i, NULL);
        sg->game.observe = observe;
        sg->game.observer = &local;
        if (pb_game_play(&sg->game) != 0) {
            pthread_mutex_lock(&x->lock);
            if (x->failed_game == 0 || i + 1 < x->failed_game) {
                x->failed_game = i + 1;
                snprintf(x->err, sizeof x->err, "game %llu: %s", (unsigned long long)i, sg->game.error);
            }
            pthread_mutex_unlock(&x->lock);
            break;
        }
    }
    free(sg);
    pthread_mutex_lock(&x->lock);
    if (local.m.failed)
        x->oom = true;
    for (size_t i = 0; i < local.m.cap; i++)
        if (local.m.key[i])
            counts_add(&x->all, local.m.key[i], local.m.val[i]);
    pthread_mutex_unlock(&x->lock);
    counts_release(&local.m);
}

/* ---- testing ---- */

typedef struct {
    uint64_t key, n;
} pair;

static int pair_cmp(const void *a, const void *b)
{
    uint64_t x = ((const pair *)a)->key, y = ((const pair *)b)->key;
    return x < y ? -1 : x > y;
}

/* One bin of a pooled call: observed count and sum over cells of plays x probability. */
typedef struct {
    uint64_t key;   /* outcome bits of full_key */
    uint64_t n;
    mpq_t e;
} bin;

typedef struct {
    bin *b;
    size_t count, cap;
} bins;

static bin *bin_get(bins *bs, uint64_t key)
{
    for (size_t i = 0; i < bs->count; i++)  /* a call has a few hundred bins at most */
        if (bs->b[i].key == key)
            return &bs->b[i];
    if (bs->count == bs->cap) {   /* NULL: out of memory */
        bin *b = realloc(bs->b, (bs->cap ? 2 * bs->cap : 64) * sizeof *b);
        if (!b)
            return NULL;
        bs->b = b;
        bs->cap = bs->cap ? 2 * bs->cap : 64;
    }
    bin *x = &bs->b[bs->count++];
    x->key = key;
    x->n = 0;
    mpq_init(x->e);
    return x;
}

static int bin_cmp(const void *a, const void *b)
{
    uint64_t x = ((const bin *)a)->key, y = ((const bin *)b)->key;
    return x < y ? -1 : x > y;
}

static uint64_t outcome_bits(const pb_verify_key *k)
{
    return ((uint64_t)k->kind << 32) | ((uint64_t)(uint8_t)(k->yards + 128) << 24) | (uint64_t)(k->flags & 0xFFFFu);
}

typedef struct {
    const pb_verify_xg_opts *o;
    const int *reads;
    const pair *pairs;
    const size_t *cstart;  /* cell c's pairs: cstart[c] .. cstart[c+1]-1 */
    const size_t *gstart;  /* group g's cells: gstart[g] .. gstart[g+1]-1 */
    pb_verify_xc_cell *out;
    char (*err)[256];
} test_ctx;

static void name_group(const pb_verify_cell *c, size_t ncells, char *buf, size_t len)
{
    switch (c->action) {
    case PB_ACTION_PLAY:
        if (c->card)
            snprintf(buf, len, "%s vs D%d, card %02d (%zu cells)", pb_offense_name(c->offense), c->defense, c->card,
                     ncells);
        else
            snprintf(buf, len, "%s vs D%d, card none (%zu cells)", pb_offense_name(c->offense), c->defense, ncells);
        break;
    case PB_ACTION_PUNT:
        snprintf(buf, len, "punts (%zu field positions)", ncells);
        break;
    case PB_ACTION_FIELD_GOAL:
        snprintf(buf, len, "field goals (%zu field positions)", ncells);
        break;
    default:
        pb_verify_cell_name(c, buf, len);
        break;
    }
}

static void test_group(void *arg, size_t g)
{
    test_ctx *x = arg;
    const pb_verify_xg_opts *o = x->o;
    pb_verify_xc_cell *res = &x->out[g];
    bins bs = {NULL, 0, 0};
    mpq_t p, w;
    mpq_inits(p, w, NULL);
    uint64_t total = 0, bad = 0;
    res->impossible[0] = '\0';
    for (size_t c = x->gstart[g]; c < x->gstart[g + 1]; c++) {
        pb_verify_cell cell = cell_of(x->pairs[x->cstart[c]].key >> 36, x->reads);
        pb_play_env env;
        memset(&env, 0, sizeof env);
        env.rules = o->exact_rules;
        env.policies = o->policies;
        env.eval = pb_enum_evaluator();
        if (!pb_verify_cell_valid(&cell, o->exact_rules)) {
            /* a field goal the exact ruleset does not allow: every such kick is impossible */
            for (size_t k = x->cstart[c]; k < x->cstart[c + 1]; k++)
                bad += x->pairs[k].n;
            if (!res->impossible[0])
                snprintf(res->impossible, sizeof res->impossible, "a field goal from togo %d", cell.togo);
            continue;
        }
        pb_enum_query q = pb_verify_cell_query(&cell, o->exact_rules);
        pb_dist exact;
        if (pb_enumerate(&exact, &env, &q, x->err[g], sizeof x->err[g]) != 0) {
            pb_dist_release(&exact);
            break;
        }
        unsigned mask = cell.action == PB_ACTION_PLAY || cell.action == PB_ACTION_TWO_POINT
                            ? ~(unsigned)PB_FLAG_FIRST_DOWN
                            : ~0u;
        pb_verify_tally t;
        if (pb_verify_tally_init(&t, &exact, mask) != 0) {
            snprintf(x->err[g], sizeof x->err[g], "out of memory");
            pb_dist_release(&exact);
            break;
        }
        bool oom = false;
        for (size_t k = x->cstart[c]; k < x->cstart[c + 1] && !oom; k++) {
            pb_result r = result_of(x->pairs[k].key);
            pb_verify_tally_add(&t, &r, x->pairs[k].n);
            bin *b = bin_get(&bs, x->pairs[k].key & ((UINT64_C(1) << 36) - 1));
            if (b)
                b->n += x->pairs[k].n;
            else
                oom = true;
        }
        /* the cell's share of the expected counts: n_c * p_c(bin) */
        for (size_t k = 0; k < t.nkeys; k++) {
            mpz_set(mpq_numref(p), t.num[k]);
            mpz_set(mpq_denref(p), exact.den);
            mpq_canonicalize(p);
            mpz_set_ui(mpq_numref(w), 0);
            mpz_import(mpq_numref(w), 1, -1, sizeof t.total, 0, 0, &t.total);
            mpz_set_ui(mpq_denref(w), 1);
            mpq_mul(p, p, w);
            bin *b = oom ? NULL : bin_get(&bs, outcome_bits(&t.keys[k]));
            if (b)
                mpq_add(b->e, b->e, p);
            else
                oom = true;
        }
        if (oom) {
            snprintf(x->err[g], sizeof x->err[g], "out of memory");
            pb_verify_tally_release(&t);
            pb_dist_release(&exact);
            break;
        }
        uint64_t cell_bad = t.extra_other;
        for (size_t k = 0; k < t.nextra; k++)
            cell_bad += t.extra_count[k];
        if (cell_bad && !res->impossible[0]) {
            char name[96], what[64];
            pb_verify_cell_name(&cell, name, sizeof name);
            pb_verify_key_text(&t.extra[0], what, sizeof what);
            snprintf(res->impossible, sizeof res->impossible, "%.40s in %.50s", what, name);
        }
        bad += cell_bad;
        total += t.total;
        pb_verify_tally_release(&t);
        pb_dist_release(&exact);
    }
    res->plays = total;
    res->impossible_count = bad;
    name_group(&res->cell, x->gstart[g + 1] - x->gstart[g], res->name, sizeof res->name);
    if (!x->err[g][0] && total > 0) {
        qsort(bs.b, bs.count, sizeof *bs.b, bin_cmp);
        mpq_t *prob = malloc((bs.count ? bs.count : 1) * sizeof *prob);
        uint64_t *obs = malloc((bs.count ? bs.count : 1) * sizeof *obs);
        if (!prob || !obs) {
            free(prob);
            free(obs);
            snprintf(x->err[g], sizeof x->err[g], "out of memory");
            goto done;
        }
        mpz_set_ui(mpq_numref(w), 0);
        mpz_import(mpq_numref(w), 1, -1, sizeof total, 0, 0, &total);
        mpz_set_ui(mpq_denref(w), 1);
        for (size_t i = 0; i < bs.count; i++) {
            mpq_init(prob[i]);
            mpq_div(prob[i], bs.b[i].e, w);
            obs[i] = bs.b[i].n;
        }
        /* impossible outcomes are bins of probability 0: the statistic may count them too */
        pb_stats_goodness_of_fit(o->test, obs, (const mpq_t *)prob, bs.count, &res->fit, x->err[g], sizeof x->err[g]);
        for (size_t i = 0; i < bs.count; i++)
            mpq_clear(prob[i]);
        free(prob);
        free(obs);
    }
done:
    for (size_t i = 0; i < bs.count; i++)
        mpq_clear(bs.b[i].e);
    free(bs.b);
    mpq_clears(p, w, NULL);
}

int pb_verify_crosscheck_games(const pb_verify_xg_opts *o, pb_verify_xc_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (o->games == 0) {
        snprintf(err, errlen, "no games to play");
        return -1;
    }
    pb_strategy coach;
    if (pb_strategy_load(&coach, PB_STRATEGY_DEFAULT, err, errlen) != 0)
        return -1;
    games_ctx x;
    memset(&x, 0, sizeof x);
    x.o = o;
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), o->sim_rules, &o->policies);
    if (!memo) {
        pb_strategy_release(&coach);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    x.cfg.rules = o->sim_rules;
    x.cfg.policies = o->policies;
    x.cfg.eval = pb_sim_eval_evaluator(memo);
    x.cfg.strategy[PB_HOME] = x.cfg.strategy[PB_AWAY] = &coach;
    x.cfg.seed = o->seed;
    x.cfg.games = o->games;
    x.cfg.threads = 1;
    x.cfg.uniform_cards = o->uniform_cards;
    for (int card = 1; card <= PB_CARD_COUNT; card++)
        x.reads[card] = card_reads(o->sim_rules, card) | card_reads(o->exact_rules, card);
    pthread_mutex_init(&x.lock, NULL);
    counts_init(&x.all, 1 << 16);

    double t0 = pb_verify_now();
    size_t chunks = (size_t)((o->games + GAMES_PER_CHUNK - 1) / GAMES_PER_CHUNK);
    pb_verify_parallel_named("cross-check: whole games, batches", chunks, o->threads, play_chunk, &x);
    double t1 = pb_verify_now();
    pb_sim_eval_free(memo);
    pb_strategy_release(&coach);
    pthread_mutex_destroy(&x.lock);
    if (x.failed_game || x.oom || x.all.failed) {
        snprintf(err, errlen, "%s", x.failed_game ? x.err : "out of memory");
        counts_release(&x.all);
        return -1;
    }

    /* the counts in key order: grouped by cell */
    pair *pairs = malloc((x.all.used ? x.all.used : 1) * sizeof *pairs);
    if (!pairs) {
        counts_release(&x.all);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t np = 0;
    for (size_t i = 0; i < x.all.cap; i++)
        if (x.all.key[i]) {
            pairs[np].key = x.all.key[i];
            pairs[np].n = x.all.val[i];
            np++;
        }
    counts_release(&x.all);
    qsort(pairs, np, sizeof *pairs, pair_cmp);
    size_t *cstart = malloc((np + 1) * sizeof *cstart), *gstart = malloc((np + 1) * sizeof *gstart);
    if (!cstart || !gstart) {
        free(pairs);
        free(cstart);
        free(gstart);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t ncell = 0, ngroup = 0;
    for (size_t k = 0; k < np; k++) {
        uint64_t cell = pairs[k].key >> 36;
        if (k > 0 && cell == pairs[k - 1].key >> 36)
            continue;
        if (ncell == 0 || group_of(cell) != group_of(pairs[cstart[ncell - 1]].key >> 36))
            gstart[ngroup++] = ncell;
        cstart[ncell++] = k;
    }
    cstart[ncell] = np;
    gstart[ngroup] = ncell;

    res->count = ngroup;
    res->cells_reached = ncell;
    res->cells = calloc(ngroup ? ngroup : 1, sizeof *res->cells);
    char(*errs)[256] = calloc(ngroup ? ngroup : 1, sizeof *errs);
    if (!res->cells || !errs) {
        free(errs);
        free(pairs);
        free(cstart);
        free(gstart);
        pb_verify_xc_result_release(res);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t g = 0; g < ngroup; g++) {
        res->cells[g].cell = cell_of(pairs[cstart[gstart[g]]].key >> 36, x.reads);
        res->cells[g].fit.p_value = 1.0;
    }
    test_ctx tx = {o, x.reads, pairs, cstart, gstart, res->cells, errs};
    pb_verify_parallel_named("cross-check: testing the games' cells", ngroup, o->threads, test_group, &tx);
    double t2 = pb_verify_now();
    int rc = 0;
    for (size_t g = 0; g < ngroup; g++) {
        if (errs[g][0] && rc == 0) {
            snprintf(err, errlen, "%s: %s", res->cells[g].name, errs[g]);
            rc = -1;
        }
        res->plays += res->cells[g].plays;
    }
    free(errs);
    free(pairs);
    free(cstart);
    free(gstart);
    res->seconds_sim = t1 - t0;
    res->seconds_exact = t2 - t1;
    if (rc == 0)
        rc = pb_verify_xc_finish(res, o->alpha, err, errlen);
    if (rc != 0)
        pb_verify_xc_result_release(res);
    return rc;
}
