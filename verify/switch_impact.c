/* verify/switch_impact.c: the weight of each ambiguity.
 *
 * Every switch of doc/model.md section 7 that has alternatives (core/switches.h) is set to
 * each alternative in turn on a copy of the base ruleset; every cell of the grid is enumerated
 * and compared with the base's: its whole distribution by an exact fingerprint (so a switch
 * that only moves a turnover spot still shows), each summary exactly. For each summary the
 * largest absolute change is kept with the cell where it happens (the first such cell in grid
 * order, so the report does not depend on the threads). Numeric switches (TIMEOUTS) are tried
 * at 0 and 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "switches.h"
#include "verify.h"

/* What is kept of a cell: whether it exists, its fingerprint and its summaries. */
typedef struct {
    bool valid;
    pb_verify_print fp;
    mpq_t s[PB_VERIFY_NSUM];
} cell_sum;

typedef struct {
    const pb_ruleset *rs;
    const pb_policies *pol;
    const pb_verify_cells *cells;
    cell_sum *out;         /* per cell, initialized by the caller */
    char (*err)[256];
} sum_ctx;

static void sum_one(void *arg, size_t i)
{
    sum_ctx *x = arg;
    const pb_verify_cell *c = &x->cells->cells[i];
    cell_sum *out = &x->out[i];
    out->valid = pb_verify_cell_valid(c, x->rs);
    if (!out->valid)
        return;
    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = x->rs;
    env.policies = *x->pol;
    env.eval = pb_enum_evaluator();
    pb_enum_query q = pb_verify_cell_query(c, x->rs);
    pb_dist d;
    if (pb_enumerate(&d, &env, &q, x->err[i], sizeof x->err[i]) == 0) {
        out->fp = pb_verify_fingerprint(&d, ~(unsigned)PB_FLAG_RED_ZONE);
        pb_verify_summarize(&d, out->s);
    }
    pb_dist_release(&d);
}

/* Every cell under rs into out[] (initialized). 0, or -1 and a message. */
static int summarize_all(const pb_ruleset *rs, const pb_policies *pol, const pb_verify_cells *cells, int threads,
                         cell_sum *out, char *err, size_t errlen)
{
    sum_ctx x = {rs, pol, cells, out, calloc(cells->count ? cells->count : 1, 256)};
    if (!x.err) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_verify_parallel_named("switch impact, cells", cells->count, threads, sum_one, &x);
    int rc = 0;
    for (size_t i = 0; i < cells->count && rc == 0; i++)
        if (x.err[i][0]) {
            char name[128];
            pb_verify_cell_name(&cells->cells[i], name, sizeof name);
            snprintf(err, errlen, "%s: %s", name, x.err[i]);
            rc = -1;
        }
    free(x.err);
    return rc;
}

static void impact_init(pb_verify_switch_impact *it)
{
    memset(it, 0, sizeof *it);
    for (int k = 0; k < PB_VERIFY_NSUM; k++)
        mpq_inits(it->max[k], it->delta[k], it->dmax[k], it->ddelta[k], NULL);
}

int pb_verify_switches(const pb_ruleset *base, const pb_policies *pol, const pb_verify_cells *cells, int threads,
                       pb_verify_switches_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    pb_verify_cells grid;
    pb_verify_cells_init(&grid);
    if (!cells) {
        pb_verify_cells_grid(&grid, base->fg_max_togo);
        cells = &grid;
    }
    size_t n = cells->count;
    cell_sum *b = malloc((n ? n : 1) * sizeof *b), *s = malloc((n ? n : 1) * sizeof *s);
    res->single = malloc(pb_switch_count * sizeof *res->single);
    res->items = malloc(pb_switch_count * PB_SWITCH_VALUES_MAX * sizeof *res->items);
    if (cells->failed || !b || !s || !res->single || !res->items) {
        free(b);
        free(s);
        pb_verify_switches_release(res);
        pb_verify_cells_release(&grid);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < PB_VERIFY_NSUM; k++) {
            mpq_init(b[i].s[k]);
            mpq_init(s[i].s[k]);
        }
    int rc = summarize_all(base, pol, cells, threads, b, err, errlen);
    mpq_t d;
    mpq_init(d);
    for (size_t w = 0; rc == 0 && w < pb_switch_count; w++) {
        const pb_switch_info *info = &pb_switch_table[w];
        if (info->offset < 0) {
            res->single[res->nsingle++] = info->id;
            continue;
        }
        int now = pb_switch_get(&base->sw, info);
        int alts[PB_SWITCH_VALUES_MAX], nalt = 0;
        if (info->values[0] == NULL) {  /* numeric */
            for (int v = 0; v <= 1; v++)
                if (v != now && v >= info->numeric_min && v <= info->numeric_max)
                    alts[nalt++] = v;
        } else {
            for (int v = 0; info->values[v] && v < PB_SWITCH_VALUES_MAX; v++)
                if (v != now)
                    alts[nalt++] = v;
        }
        for (int a = 0; rc == 0 && a < nalt; a++) {
            pb_ruleset alt = *base;
            pb_switch_set(&alt.sw, info, alts[a]);
            pb_verify_switch_impact *it = &res->items[res->count];
            impact_init(it);
            res->count++;
            it->id = info->id;
            it->value = alts[a];
            char buf[32];
            snprintf(it->value_name, sizeof it->value_name, "%s",
                     pb_switch_value_name(info, alts[a], buf, sizeof buf));
            snprintf(it->default_name, sizeof it->default_name, "%s", pb_switch_value_name(info, now, buf, sizeof buf));
            it->cells = n;
            rc = summarize_all(&alt, pol, cells, threads, s, err, errlen);
            for (size_t i = 0; rc == 0 && i < n; i++) {
                if (!b[i].valid || !s[i].valid)
                    continue;
                bool changed = false;
                it->changed += memcmp(&b[i].fp, &s[i].fp, sizeof b[i].fp) != 0;
                for (int k = 0; k < PB_VERIFY_NSUM; k++) {
                    mpq_sub(d, s[i].s[k], b[i].s[k]);
                    if (mpq_sgn(d) == 0)
                        continue;
                    changed = true;
                    mpq_t ad;
                    mpq_init(ad);
                    mpq_abs(ad, d);
                    if (mpq_cmp(ad, it->max[k]) > 0) {
                        mpq_set(it->max[k], ad);
                        mpq_set(it->delta[k], d);
                        it->where[k] = i;
                        it->where_cell[k] = cells->cells[i];
                    }
                    int card = cells->cells[i].action == PB_ACTION_PLAY ? cells->cells[i].card : 0;
                    if (card != 23 && card != 24 && mpq_cmp(ad, it->dmax[k]) > 0) {
                        mpq_set(it->dmax[k], ad);
                        mpq_set(it->ddelta[k], d);
                        it->dwhere_cell[k] = cells->cells[i];
                    }
                    mpq_clear(ad);
                }
                it->summary_changed += changed;
            }
        }
    }
    mpq_clear(d);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < PB_VERIFY_NSUM; k++) {
            mpq_clear(b[i].s[k]);
            mpq_clear(s[i].s[k]);
        }
    free(b);
    free(s);
    pb_verify_cells_release(&grid);
    if (rc != 0)
        pb_verify_switches_release(res);
    return rc;
}

void pb_verify_switches_release(pb_verify_switches_result *res)
{
    for (size_t i = 0; i < res->count; i++)
        for (int k = 0; k < PB_VERIFY_NSUM; k++)
            mpq_clears(res->items[i].max[k], res->items[i].delta[k], res->items[i].dmax[k], res->items[i].ddelta[k],
                       NULL);
    free(res->items);
    free(res->single);
    memset(res, 0, sizeof *res);
}
