/* tune/tune_best.c: what the goal minimizes, and the best rows.
 *
 * The score of a row: |t - X| for --equal X, t for --min, -t for --max, and for --balance the
 * spread of the targets (the largest minus the smallest). An exact target gives an exact score;
 * a certified one a score within its bound (|t - X| moves no more than t; the spread's bound is
 * the sum of the bounds of its two ends). The best row has the smallest score; every row whose
 * score cannot be told from the best's within the two bounds (exact: the same number) is marked
 * best too: a tie, not a choice. A row whose target is undefined is never best. */
#include <math.h>
#include <string.h>

#include "tune_internal.h"

int pb_tune_cmp(const pb_tune_value *a, const pb_tune_value *b) { return mpq_cmp(a->q, b->q); }

bool pb_tune_overlap(const pb_tune_value *a, const pb_tune_value *b)
{
    if (a->exact && b->exact)
        return mpq_equal(a->q, b->q) != 0;
    mpq_t d;
    mpq_init(d);
    mpq_sub(d, a->q, b->q);
    double gap = fabs(mpq_get_d(d));
    mpq_clear(d);
    return gap <= a->bound + b->bound;
}

void pb_tune_score(const pb_tune *t, pb_tune_row *row)
{
    pb_tune_value *s = &row->score;
    s->defined = true;
    s->exact = true;
    s->bound = 0;
    for (int i = 0; i < t->ntargets; i++)
        if (!row->t[i].defined)
            s->defined = false;
    if (!s->defined)
        return;
    if (t->o.balance) {
        int lo = 0, hi = 0;
        for (int i = 1; i < t->ntargets; i++) {
            if (mpq_cmp(row->t[i].q, row->t[lo].q) < 0)
                lo = i;
            if (mpq_cmp(row->t[i].q, row->t[hi].q) > 0)
                hi = i;
        }
        mpq_sub(s->q, row->t[hi].q, row->t[lo].q);
        s->exact = row->t[hi].exact && row->t[lo].exact;
        s->bound = row->t[hi].bound + row->t[lo].bound;
        return;
    }
    const pb_tune_value *v = &row->t[0];
    s->exact = v->exact;
    s->bound = v->bound;
    switch (t->o.goal) {
    case PB_TUNE_GOAL_EQUAL:
        mpq_sub(s->q, v->q, t->equal);
        mpq_abs(s->q, s->q);
        break;
    case PB_TUNE_GOAL_MAX: mpq_neg(s->q, v->q); break;
    default: mpq_set(s->q, v->q); break;
    }
}

int pb_tune_pick(pb_tune *t)
{
    t->nbest = 0;
    if (t->o.goal == PB_TUNE_GOAL_NONE && !t->o.balance)
        return 0;
    long best = -1;
    for (long i = 0; i < t->nshown; i++) {
        pb_tune_row *row = &t->rows[t->order[i]];
        row->best = false;
        if (!row->evaluated || !row->score.defined)
            continue;
        if (best < 0 || pb_tune_cmp(&row->score, &t->rows[best].score) < 0)
            best = t->order[i];
    }
    if (best < 0)
        return 0;
    for (long i = 0; i < t->nshown; i++) {
        pb_tune_row *row = &t->rows[t->order[i]];
        if (row->evaluated && row->score.defined && pb_tune_overlap(&row->score, &t->rows[best].score)) {
            row->best = true;
            t->nbest++;
        }
    }
    return t->nbest;
}
