/* ask/ask_run.c: a planned question answered: every cell enumerated exactly
 * (pb_enumerate), each outcome tested against the event, and the cells mixed with their
 * weights.
 *
 * Every answer is a ratio num / den of two exact mixtures: P(A) is P(A) / 1, P(A | B) is
 * P(A and B) / P(B), E(X | B) is E[X; D and B] / P(D and B) where D is where X is defined.
 * Mixing the cells (a cell drawn with its weight, then its play) keeps that form, so an
 * unconditional answer is the weighted average of the cells and a conditional one is the
 * mixture's own conditional answer. No floating point anywhere.
 *
 * The drive solver's measures (E(next_score), best) and --weight field take their numbers from a
 * solved drive game (ask_drive.c): a state's EP is a double with a certified bound, carried into
 * the mixture as the exact rational of that double, so the mixing itself adds no error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask_internal.h"

void pb_ask_cell_eval(const pb_ask_query *q, pb_action act, int togo, const pb_dist *d, mpq_t num, mpq_t den)
{
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        if (q->given >= 0 && !pb_ask_event_holds(q, q->given, act, togo, e->kind, e->yards, e->flags))
            continue;
        if (q->measure == PB_ASK_MEASURE_P) {
            mpz_add(b, b, e->num);
            if (pb_ask_event_holds(q, q->event, act, togo, e->kind, e->yards, e->flags))
                mpz_add(a, a, e->num);
        } else {
            int x;
            if (!pb_ask_quantity_value(q->quantity, act, togo, e->kind, e->yards, e->flags, &x))
                continue;
            mpz_add(b, b, e->num);
            if (x >= 0)
                mpz_addmul_ui(a, e->num, (unsigned long)x);
            else
                mpz_submul_ui(a, e->num, (unsigned long)-(long)x);
        }
    }
    if (q->measure == PB_ASK_MEASURE_P && q->given < 0)
        mpz_set(b, d->den);
    mpq_set_num(num, a);
    mpq_set_den(num, d->den);
    mpq_canonicalize(num);
    mpq_set_num(den, b);
    mpq_set_den(den, d->den);
    mpq_canonicalize(den);
    mpz_clears(a, b, NULL);
}

static void result_init(pb_ask_result *r, const pb_ask_plan *p)
{
    memset(r, 0, sizeof *r);
    r->nsides = p->nrules;
    for (int s = 0; s < 2; s++) {
        mpq_inits(r->num[s], r->den[s], NULL);
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
            for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
                mpq_inits(r->mnum[s][d][i], r->mden[s][d][i], NULL);
    }
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_init(r->mw[d][i]);
}

void pb_ask_result_release(pb_ask_result *r)
{
    for (long c = 0; c < r->ncells; c++) {
        pb_ask_cell *cell = &r->cells[c];
        mpq_clears(cell->weight, cell->num[0], cell->num[1], cell->den[0], cell->den[1], NULL);
    }
    free(r->cells);
    r->cells = NULL;
    r->ncells = 0;
    free(r->best);
    r->best = NULL;
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_clear(r->mw[d][i]);
    for (int s = 0; s < 2; s++) {
        mpq_clears(r->num[s], r->den[s], NULL);
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
            for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
                mpq_clears(r->mnum[s][d][i], r->mden[s][d][i], NULL);
    }
}

/* The value a cell uses on dimension d. */
static int cell_value(const pb_ask_plan *p, const pb_ask_cell *cell, int d)
{
    return p->v[d][cell->idx[d]];
}

/* "offense long; defense 4; card 02 Short Pass; togo 15; timeouts 3,3" for messages: each value
 * as the question writes it (pb_ask_value_label), never the internal numbers. */
static void cell_text(const pb_ask_plan *p, const pb_ask_cell *cell, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int d = 0; d < PB_ASK_DIM_COUNT && used < len; d++) {
        if (!p->applies[d])
            continue;
        char label[96];
        pb_ask_value_label(p, d, cell_value(p, cell, d), label, sizeof label);
        int n = snprintf(buf + used, len - used, "%s%s %s", used ? "; " : "", pb_ask_dim_name((pb_ask_dim)d), label);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static int enumerate_cell(const pb_ask_plan *p, int side, const pb_ask_cell *cell, pb_dist *dist, char *err,
                          size_t errlen)
{
    const pb_ruleset *rs = &p->rules[side];
    const pb_ask_query *q = p->q;
    pb_enum_query eq;
    memset(&eq, 0, sizeof eq);
    eq.action = q->action;
    int togo = p->applies[PB_ASK_DIM_TOGO] ? cell_value(p, cell, PB_ASK_DIM_TOGO) : 50;
    eq.sit = pb_situation_default(rs, togo);
    if (p->applies[PB_ASK_DIM_DOWN])
        eq.sit.down = cell_value(p, cell, PB_ASK_DIM_DOWN);
    if (p->applies[PB_ASK_DIM_YTG]) {
        int ytg = cell_value(p, cell, PB_ASK_DIM_YTG);
        if (ytg > 0)
            eq.sit.ytg = ytg < togo ? ytg : togo;
    }
    if (p->applies[PB_ASK_DIM_LEAD])
        eq.sit.lead = cell_value(p, cell, PB_ASK_DIM_LEAD);
    if (p->applies[PB_ASK_DIM_TIMEOUTS]) {
        int t = cell_value(p, cell, PB_ASK_DIM_TIMEOUTS);
        eq.sit.timeouts_off = t / 10;
        eq.sit.timeouts_def = t % 10;
    }
    eq.offense = p->applies[PB_ASK_DIM_OFFENSE] ? (pb_offense)cell_value(p, cell, PB_ASK_DIM_OFFENSE) : PB_OFF_RUN;
    eq.defense = p->applies[PB_ASK_DIM_DEFENSE] ? cell_value(p, cell, PB_ASK_DIM_DEFENSE) : 1;
    eq.card = p->applies[PB_ASK_DIM_CARD] ? cell_value(p, cell, PB_ASK_DIM_CARD) : 0;
    eq.depth = 0;
    pb_play_env env = {rs, p->policies, NULL, NULL};
    char msg[256];
    if (pb_enumerate(dist, &env, &eq, msg, sizeof msg) != 0) {
        char where[400];
        cell_text(p, cell, where, sizeof where);
        snprintf(err, errlen, "%s (%s; %s)", msg, where, p->label[side]);
        return -1;
    }
    return 0;
}

int pb_ask_run(const pb_ask_plan *p, pb_ask_result *r, char *err, size_t errlen)
{
    result_init(r, p);
    r->cells = calloc((size_t)p->ncells, sizeof *r->cells);
    if (!r->cells) {
        snprintf(err, errlen, "out of memory for %ld cells", p->ncells);
        return -1;
    }
    const pb_ask_query *q = p->q;
    bool state = q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST;
    pb_ask_drives drives;
    if ((state || p->field) && pb_ask_drives_get(p, state, &drives, r, err, errlen) != 0)
        return -1;
    if (q->measure == PB_ASK_MEASURE_BEST) {
        r->best = calloc((size_t)p->ncells * (size_t)p->nrules, sizeof *r->best);
        if (!r->best) {
            snprintf(err, errlen, "out of memory for %ld states", p->ncells);
            return -1;
        }
    }
    mpq_t t, field_sum;
    mpq_inits(t, field_sum, NULL);
    if (p->field && pb_ask_field_sum(p, &drives, field_sum, err, errlen) != 0) {
        mpq_clears(t, field_sum, NULL);
        return -1;
    }
    int status = 0;
    for (long c = 0; c < p->ncells; c++) {
        pb_ask_cell *cell = &r->cells[c];
        mpq_inits(cell->weight, cell->num[0], cell->num[1], cell->den[0], cell->den[1], NULL);
        r->ncells = c + 1;
        /* mixed radix, the last dimension fastest */
        long rest = c;
        for (int d = PB_ASK_DIM_COUNT - 1; d >= 0; d--) {
            cell->idx[d] = (int)(rest % p->n[d]);
            rest /= p->n[d];
        }
        mpq_set_ui(cell->weight, 1, 1);
        if (p->field)
            pb_ask_field_weight(p, &drives, cell, field_sum, cell->weight);
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
            if (!p->field || !pb_ask_field_dim(d))
                mpq_mul(cell->weight, cell->weight, p->w[d][cell->idx[d]]);
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
            mpq_add(r->mw[d][cell->idx[d]], r->mw[d][cell->idx[d]], cell->weight);
        int togo = p->applies[PB_ASK_DIM_TOGO] ? cell_value(p, cell, PB_ASK_DIM_TOGO) : 50;
        for (int s = 0; s < p->nrules && status == 0; s++) {
            if (state) {
                if (pb_ask_state_cell(p, &drives, s, cell, r->best ? &r->best[c * p->nrules + s] : NULL, err,
                                      errlen) != 0) {
                    status = -1;
                    break;
                }
            } else {
                pb_dist dist;
                if (enumerate_cell(p, s, cell, &dist, err, errlen) != 0) {
                    pb_dist_release(&dist);
                    status = -1;
                    break;
                }
                pb_ask_cell_eval(p->q, p->q->action, togo, &dist, cell->num[s], cell->den[s]);
                pb_dist_release(&dist);
            }
            if (mpq_sgn(cell->weight) == 0)
                continue;
            mpq_mul(t, cell->weight, cell->num[s]);
            mpq_add(r->num[s], r->num[s], t);
            for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
                mpq_add(r->mnum[s][d][cell->idx[d]], r->mnum[s][d][cell->idx[d]], t);
            mpq_mul(t, cell->weight, cell->den[s]);
            mpq_add(r->den[s], r->den[s], t);
            for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
                mpq_add(r->mden[s][d][cell->idx[d]], r->mden[s][d][cell->idx[d]], t);
        }
        if (status != 0)
            break;
    }
    mpq_clears(t, field_sum, NULL);
    return status;
}

bool pb_ask_answer(const pb_ask_plan *p, const pb_ask_result *r, int side, int dim, int vi, mpq_t out)
{
    (void)p;
    mpq_srcptr num = dim < 0 ? r->num[side] : r->mnum[side][dim][vi];
    mpq_srcptr den = dim < 0 ? r->den[side] : r->mden[side][dim][vi];
    if (mpq_sgn(den) == 0) {
        mpq_set_ui(out, 0, 1);
        return false;
    }
    mpq_div(out, num, den);
    return true;
}
