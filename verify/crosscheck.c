/* verify/crosscheck.c: the simulator-vs-exact cross-check, the sweep that forces every cell.
 *
 * For each cell: the enumerator's exact distribution under exact_rules; N plays of the same
 * cell as the simulator plays them (its dice oracle on a pb_rng stream per cell, (seed, cell
 * index), and its evaluator memo for the "best" policies) under sim_rules, each
 * outcome counted in the bin of its (kind, yards, flags); a goodness-of-fit test with bins
 * pooled to expected counts >= 5 (verify/stats.h) and the structural check (an outcome of
 * exact probability 0 must never occur); then Holm over every cell at family-wise rate alpha.
 * Counts are integers and streams belong to cells, so the result is the same for any number
 * of threads. The tally (counting against one exact distribution) is shared with xc_games.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "sim.h"
#include "verify.h"

/* ---- keys and tallies ---- */

static int key_cmp(const pb_verify_key *a, const pb_verify_key *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->yards != b->yards)
        return a->yards < b->yards ? -1 : 1;
    if (a->flags != b->flags)
        return a->flags < b->flags ? -1 : 1;
    return 0;
}

static pb_verify_key result_key(const pb_result *r, unsigned mask)
{
    pb_verify_key k = {r->kind, pb_outcome_has_yards(r->kind) ? r->yards : 0, r->flags & mask};
    return k;
}

void pb_verify_key_text(const pb_verify_key *k, char *buf, size_t len)
{
    static const char *const flag_names[] = {
        "complete", "interception", "fumble", "first_down", "foul_offense", "foul_defense", "declined",
        "challenge_won", "challenge_lost", "timeout_offense", "timeout_defense", "doubles", "touchback",
        "returned", "pass", "red_zone"};
    int n;
    if (pb_outcome_has_yards(k->kind))
        n = snprintf(buf, len, "%s %d", pb_outcome_name(k->kind), k->yards);
    else
        n = snprintf(buf, len, "%s", pb_outcome_name(k->kind));
    if (n < 0 || (size_t)n >= len)
        return;
    size_t used = (size_t)n;
    const char *sep = " [";
    for (unsigned f = 0; f < sizeof flag_names / sizeof flag_names[0]; f++)
        if (k->flags & (1u << f)) {
            n = snprintf(buf + used, len - used, "%s%s", sep, flag_names[f]);
            if (n < 0 || (size_t)n >= len - used)
                return;
            used += (size_t)n;
            sep = ",";
        }
    if (*sep == ',')
        snprintf(buf + used, len - used, "]");
}

int pb_verify_tally_init(pb_verify_tally *t, const pb_dist *exact, unsigned mask)
{
    memset(t, 0, sizeof *t);
    t->exact = exact;
    t->mask = mask;
    size_t n = exact->count;
    pb_verify_key *tmp = malloc((n ? n : 1) * sizeof *tmp);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    t->keys = malloc((n ? n : 1) * sizeof *t->keys);
    t->num = malloc((n ? n : 1) * sizeof *t->num);
    t->count = calloc(n ? n : 1, sizeof *t->count);
    if (!tmp || !order || !t->keys || !t->num || !t->count) {
        free(tmp);
        free(order);
        pb_verify_tally_release(t);   /* nkeys 0: frees the arrays only */
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const pb_dist_entry *e = &exact->entries[i];
        tmp[i].kind = e->kind;
        tmp[i].yards = e->yards;
        tmp[i].flags = e->flags & mask;
    }
    /* entries are sorted by (kind, yards, flags); masking can only disorder flags within a run
     * of equal (kind, yards): sort indices by the masked key (stable by index for equal keys) */
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t i = 1; i < n; i++) {  /* insertion sort: runs are short */
        size_t x = order[i], j = i;
        while (j > 0 && key_cmp(&tmp[order[j - 1]], &tmp[x]) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    for (size_t i = 0; i < n; i++) {
        const pb_verify_key *k = &tmp[order[i]];
        if (t->nkeys > 0 && key_cmp(&t->keys[t->nkeys - 1], k) == 0) {
            mpz_add(t->num[t->nkeys - 1], t->num[t->nkeys - 1], exact->entries[order[i]].num);
            continue;
        }
        t->keys[t->nkeys] = *k;
        mpz_init_set(t->num[t->nkeys], exact->entries[order[i]].num);
        t->nkeys++;
    }
    free(tmp);
    free(order);
    return 0;
}

void pb_verify_tally_release(pb_verify_tally *t)
{
    for (size_t i = 0; i < t->nkeys; i++)
        mpz_clear(t->num[i]);
    free(t->keys);
    free(t->num);
    free(t->count);
    memset(t, 0, sizeof *t);
}

void pb_verify_tally_add(pb_verify_tally *t, const pb_result *r, uint64_t times)
{
    pb_verify_key k = result_key(r, t->mask);
    size_t lo = 0, hi = t->nkeys;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = key_cmp(&t->keys[mid], &k);
        if (c == 0) {
            t->count[mid] += times;
            t->total += times;
            return;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    t->total += times;
    for (size_t i = 0; i < t->nextra; i++)
        if (key_cmp(&t->extra[i], &k) == 0) {
            t->extra_count[i] += times;
            return;
        }
    if (t->nextra < sizeof t->extra / sizeof t->extra[0]) {
        t->extra[t->nextra] = k;
        t->extra_count[t->nextra++] = times;
        return;
    }
    t->extra_other += times;
}

int pb_verify_tally_test(const pb_verify_tally *t, pb_stats_test test, pb_stats_fit *fit, char *impossible,
                         size_t impossible_len, char *err, size_t errlen)
{
    size_t nb = t->nkeys + t->nextra + (t->extra_other > 0);
    mpq_t *prob = malloc((nb ? nb : 1) * sizeof *prob);
    uint64_t *obs = malloc((nb ? nb : 1) * sizeof *obs);
    if (!prob || !obs) {
        free(prob);
        free(obs);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < nb; i++)
        mpq_init(prob[i]);
    for (size_t i = 0; i < t->nkeys; i++) {
        pb_exact_from_pow6(prob[i], t->num[i], t->exact->exp6);
        obs[i] = t->count[i];
    }
    for (size_t i = 0; i < t->nextra; i++)
        obs[t->nkeys + i] = t->extra_count[i];
    if (t->extra_other)
        obs[nb - 1] = t->extra_other;
    if (impossible && impossible_len) {
        impossible[0] = '\0';
        if (t->nextra)
            pb_verify_key_text(&t->extra[0], impossible, impossible_len);
    }
    int rc = pb_stats_goodness_of_fit(test, obs, (const mpq_t *)prob, nb, fit, err, errlen);
    for (size_t i = 0; i < nb; i++)
        mpq_clear(prob[i]);
    free(prob);
    free(obs);
    return rc;
}

/* ---- the sweep ---- */

const pb_verify_cell pb_verify_xc_situation[PB_VERIFY_XC_SITUATIONS] = {
    /* action, offense, defense, card, togo, down, ytg, lead, timeouts off, def */
    {PB_ACTION_PLAY, PB_OFF_RUN, 0, 0, 0, PB_VERIFY_DEFAULT, PB_VERIFY_DEFAULT, PB_VERIFY_DEFAULT,
     PB_VERIFY_DEFAULT, PB_VERIFY_DEFAULT},            /* 1st and 10, tied, timeouts as the ruleset */
    {PB_ACTION_PLAY, PB_OFF_RUN, 0, 0, 0, 3, 3, 3, 0, 3},   /* 3rd and 3, leading, offense out of timeouts */
    {PB_ACTION_PLAY, PB_OFF_RUN, 0, 0, 0, 2, 15, -7, 1, 0}, /* 2nd and 15, trailing, defense out of timeouts */
};

const int pb_verify_xc_togos[] = {1, 2, 4, 7, 10, 12, 14, 20, 21, 35, 50, 65, 80, 94, 96, 99};
const size_t pb_verify_xc_ntogo = sizeof pb_verify_xc_togos / sizeof pb_verify_xc_togos[0];

void pb_verify_xc_opts_default(pb_verify_xc_opts *o, const pb_ruleset *rs)
{
    memset(o, 0, sizeof *o);
    o->sim_rules = o->exact_rules = rs;
    o->plays = 10000000;
    o->seed = 1;
    o->threads = 1;
    o->alpha = 1e-6;
    o->test = PB_STATS_CHI2;
    o->togos = pb_verify_xc_togos;
    o->ntogo = pb_verify_xc_ntogo;
    o->nsituations = PB_VERIFY_XC_SITUATIONS;
    o->special = true;
}

static void sweep_cells(const pb_verify_xc_opts *o, pb_verify_cells *l)
{
    const int *togos = o->togos ? o->togos : pb_verify_xc_togos;
    size_t ntogo = o->togos ? o->ntogo : pb_verify_xc_ntogo;
    int nsit = o->nsituations < 1 ? 1 : o->nsituations > PB_VERIFY_XC_SITUATIONS ? PB_VERIFY_XC_SITUATIONS
                                                                                 : o->nsituations;
    for (int s = 0; s < nsit; s++)
        for (int off = 0; off < PB_OFFENSE_COUNT; off++)
            for (int d = 1; d <= PB_DEFENSE_COUNT; d++)
                for (int card = 0; card <= PB_CARD_COUNT; card++)
                    for (size_t t = 0; t < ntogo; t++) {
                        pb_verify_cell c = pb_verify_xc_situation[s];
                        c.offense = (pb_offense)off;
                        c.defense = d;
                        c.card = card;
                        c.togo = togos[t];
                        pb_verify_cells_add(l, &c);
                    }
    if (!o->special)
        return;
    static const pb_action once[] = {PB_ACTION_KICKOFF, PB_ACTION_FREE_KICK, PB_ACTION_ONSIDE,
                                     PB_ACTION_ONSIDE_FREE, PB_ACTION_PAT};
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
        pb_verify_cell c = pb_verify_special_cell(once[i], 0);
        pb_verify_cells_add(l, &c);
    }
    for (size_t t = 0; t < ntogo; t++) {
        pb_verify_cell c = pb_verify_special_cell(PB_ACTION_PUNT, togos[t]);
        pb_verify_cells_add(l, &c);
        c = pb_verify_special_cell(PB_ACTION_RETURN, togos[t]);
        pb_verify_cells_add(l, &c);
    }
    for (int togo = 1; togo <= o->exact_rules->fg_max_togo && togo <= 99; togo++) {
        pb_verify_cell c = pb_verify_special_cell(PB_ACTION_FIELD_GOAL, togo);
        pb_verify_cells_add(l, &c);
    }
    for (int off = 0; off < PB_OFFENSE_COUNT; off++)
        for (int d = 1; d <= PB_DEFENSE_COUNT; d++) {
            pb_verify_cell c = pb_verify_special_cell(PB_ACTION_TWO_POINT, 0);
            c.offense = (pb_offense)off;
            c.defense = d;
            pb_verify_cells_add(l, &c);
        }
}

/* One random action of a cell (the simulator's side). */
static pb_result play_once(const pb_play_env *env, const pb_verify_cell *c, const pb_situation *s, pb_oracle *o)
{
    pb_call call = {c->offense, c->defense, c->card, PB_TIMEOUT_POLICY};
    return pb_action_run(env, c->action, s, &call, o);
}

typedef struct {
    const pb_verify_xc_opts *o;
    const pb_evaluator *sim_eval;
    pb_verify_xc_cell *out;
    size_t ncells;
    double *t_exact, *t_sim;   /* per cell, seconds */
    char (*err)[256];          /* per cell: non-empty on failure */
} sweep_ctx;

static void sweep_one(void *arg, size_t i)
{
    sweep_ctx *x = arg;
    const pb_verify_xc_opts *o = x->o;
    pb_verify_xc_cell *cell = &x->out[i];
    double t0 = pb_verify_now();

    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = o->exact_rules;
    env.policies = o->policies;
    env.eval = pb_enum_evaluator();
    pb_enum_query q = pb_verify_cell_query(&cell->cell, o->exact_rules);
    pb_dist exact;
    if (pb_enumerate(&exact, &env, &q, x->err[i], sizeof x->err[i]) != 0) {
        pb_dist_release(&exact);
        return;
    }
    pb_verify_tally t;
    if (pb_verify_tally_init(&t, &exact, ~0u) != 0) {
        snprintf(x->err[i], sizeof x->err[i], "out of memory");
        pb_dist_release(&exact);
        return;
    }
    double t1 = pb_verify_now();

    env.rules = o->sim_rules;
    env.eval = x->sim_eval;
    pb_situation s = pb_verify_cell_situation(&cell->cell, o->sim_rules);
    pb_rng rng;
    pb_rng_seed(&rng, o->seed, (uint64_t)i);
    pb_sim_oracle dice;
    pb_sim_oracle_init(&dice, &rng);
    for (uint64_t k = 0; k < cell->plays; k++) {
        pb_result r = play_once(&env, &cell->cell, &s, &dice.base);
        pb_verify_tally_add(&t, &r, 1);
    }
    double t2 = pb_verify_now();

    if (pb_verify_tally_test(&t, o->test, &cell->fit, cell->impossible, sizeof cell->impossible, x->err[i],
                             sizeof x->err[i]) == 0) {
        uint64_t bad = t.extra_other;
        for (size_t k = 0; k < t.nextra; k++)
            bad += t.extra_count[k];
        cell->impossible_count = bad;
    }
    pb_verify_tally_release(&t);
    pb_dist_release(&exact);
    x->t_exact[i] = t1 - t0;
    x->t_sim[i] = t2 - t1;
}

int pb_verify_xc_finish(pb_verify_xc_result *res, double alpha, char *err, size_t errlen)
{
    double *p = malloc((res->count ? res->count : 1) * sizeof *p);
    bool *rej = malloc((res->count ? res->count : 1) * sizeof *rej);
    if (!p || !rej) {
        free(p);
        free(rej);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    res->min_p = 1.0;
    res->min_p_cell = 0;
    res->rejected = res->impossible = 0;
    for (size_t i = 0; i < res->count; i++) {
        p[i] = res->cells[i].fit.p_value;
        if (p[i] < res->min_p) {
            res->min_p = p[i];
            res->min_p_cell = i;
        }
        if (res->cells[i].impossible_count)
            res->impossible++;
    }
    long nrej = pb_stats_holm(p, res->count, alpha, rej);
    if (nrej < 0) {
        free(p);
        free(rej);
        snprintf(err, errlen, "out of memory in the Holm correction");
        return -1;
    }
    for (size_t i = 0; i < res->count; i++)
        res->cells[i].rejected = rej[i];
    res->rejected = (size_t)nrej;
    res->pass = res->rejected == 0 && res->impossible == 0;
    free(p);
    free(rej);
    return 0;
}

int pb_verify_crosscheck(const pb_verify_xc_opts *o, pb_verify_xc_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    pb_verify_cells l;
    pb_verify_cells_init(&l);
    if (o->cells) {
        for (size_t i = 0; i < o->cells->count; i++)
            pb_verify_cells_add(&l, &o->cells->cells[i]);
    } else {
        sweep_cells(o, &l);
    }
    if (l.failed || (o->cells && o->cells->failed)) {
        pb_verify_cells_release(&l);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (l.count == 0) {
        pb_verify_cells_release(&l);
        snprintf(err, errlen, "no cells to check");
        return -1;
    }
    uint64_t plays = o->plays_per_cell ? o->plays_per_cell * l.count : o->plays;
    if (plays < l.count) {
        snprintf(err, errlen, "%llu plays are fewer than the %zu cells (at least one play per cell)",
                 (unsigned long long)plays, l.count);
        pb_verify_cells_release(&l);
        return -1;
    }
    res->count = l.count;
    res->cells = calloc(l.count, sizeof *res->cells);
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), o->sim_rules, &o->policies);
    sweep_ctx x = {o, memo ? pb_sim_eval_evaluator(memo) : NULL, res->cells, l.count, calloc(l.count, sizeof(double)),
                   calloc(l.count, sizeof(double)), calloc(l.count, sizeof *x.err)};
    if (!memo || !res->cells || !x.t_exact || !x.t_sim || !x.err) {
        free(x.t_exact);
        free(x.t_sim);
        free(x.err);
        pb_sim_eval_free(memo);
        pb_verify_cells_release(&l);
        pb_verify_xc_result_release(res);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uint64_t per = plays / l.count, extra = plays % l.count;
    for (size_t i = 0; i < l.count; i++) {
        res->cells[i].cell = l.cells[i];
        res->cells[i].plays = per + (i < extra);
        res->cells[i].fit.p_value = 1.0;
    }
    pb_verify_cells_release(&l);

    double t0 = pb_verify_now();
    pb_verify_parallel_named("cross-check: the sweep, cells", res->count, o->threads, sweep_one, &x);
    double wall = pb_verify_now() - t0;
    int rc = 0;
    double te = 0, ts = 0;
    for (size_t i = 0; i < res->count; i++) {
        if (x.err[i][0] && rc == 0) {
            char name[128];
            pb_verify_cell_name(&res->cells[i].cell, name, sizeof name);
            snprintf(err, errlen, "%s: %s", name, x.err[i]);
            rc = -1;
        }
        te += x.t_exact[i];
        ts += x.t_sim[i];
        res->plays += res->cells[i].plays;
    }
    /* wall time split in proportion to the CPU time of each part */
    res->seconds_exact = te + ts > 0 ? wall * te / (te + ts) : 0;
    res->seconds_sim = wall - res->seconds_exact;
    free(x.t_exact);
    free(x.t_sim);
    free(x.err);
    pb_sim_eval_free(memo);
    if (rc == 0)
        rc = pb_verify_xc_finish(res, o->alpha, err, errlen);
    if (rc != 0)
        pb_verify_xc_result_release(res);
    return rc;
}

void pb_verify_xc_result_release(pb_verify_xc_result *res)
{
    free(res->cells);
    memset(res, 0, sizeof *res);
}

typedef struct {
    bool impossible;
    double p;
    size_t i;
} worst_key;

static int worst_cmp(const void *pa, const void *pb)
{
    const worst_key *a = pa, *b = pb;
    if (a->impossible != b->impossible)
        return a->impossible ? -1 : 1;
    if (a->p != b->p)
        return a->p < b->p ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

static worst_key worst_of(const pb_verify_xc_result *res, size_t i)
{
    return (worst_key){res->cells[i].impossible_count > 0, res->cells[i].fit.p_value, i};
}

size_t pb_verify_xc_worst(const pb_verify_xc_result *res, size_t *idx, size_t n)
{
    worst_key *all = malloc((res->count ? res->count : 1) * sizeof *all);
    if (n > res->count)
        n = res->count;
    if (!all) {   /* out of memory: the same order by successive minima (worst_cmp is a total order) */
        for (size_t k = 0; k < n; k++) {
            worst_key best = {false, 0, 0}, prev = k ? worst_of(res, idx[k - 1]) : best;
            bool have = false;
            for (size_t i = 0; i < res->count; i++) {
                worst_key c = worst_of(res, i);
                if ((k == 0 || worst_cmp(&c, &prev) > 0) && (!have || worst_cmp(&c, &best) < 0)) {
                    best = c;
                    have = true;
                }
            }
            idx[k] = best.i;
        }
        return n;
    }
    for (size_t i = 0; i < res->count; i++) {
        all[i].impossible = res->cells[i].impossible_count > 0;
        all[i].p = res->cells[i].fit.p_value;
        all[i].i = i;
    }
    qsort(all, res->count, sizeof *all, worst_cmp);
    for (size_t k = 0; k < n; k++)
        idx[k] = all[k].i;
    free(all);
    return n;
}
