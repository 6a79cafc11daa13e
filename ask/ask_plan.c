/* ask/ask_plan.c: what a parsed question asks for: the rulesets, the values of every
 * dimension after defaults and zones, and their exact weights.
 *
 * Defaults (said back in "read as"): a dimension the question leaves open is broken down over
 * every value and averaged uniformly: offense run, short, long; defense 1..5; togo 1..99 (a
 * field goal: 1..the longest allowed). The play card, when not given, is the deck (each of the
 * 24 cards 1/24, as the game turns it). The situation defaults to 1st and 10 (goal to go inside
 * the 10), tied, each side with the ruleset's timeouts. Options (pb_ask_defaults) come before
 * the defaults; the question's own conditions come first of all. The drive solver's measures
 * (E(next_score), best) read togo, down and ytg only; --weight field only marks the plan: its
 * weights are known when the question is answered (ask_drive.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ask_internal.h"
#include "switches.h"

void pb_ask_defaults_init(pb_ask_defaults *d)
{
    memset(d, 0, sizeof *d);
    d->togo = d->down = d->ytg = d->timeouts = -1;
    d->lead_given = false;
}

static int plan_fail(pb_ask_error *err, int offset, int span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int plan_fail(pb_ask_error *err, int offset, int span, const char *fmt, ...)
{
    va_list ap;
    memset(err, 0, sizeof *err);
    err->source = -1;
    err->offset = offset;
    err->span = span;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

static int apply_switch(pb_ruleset *rs, const char *assignment, char *err, size_t errlen)
{
    /* switch ids are upper case; the question may not be */
    char buf[64];
    snprintf(buf, sizeof buf, "%s", assignment);
    for (char *c = buf; *c && *c != '='; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    return pb_switch_apply(rs, buf, err, errlen);
}

/* Append " word" (or "word" to an empty label), cut to fit. */
static void label_add(char *label, size_t cap, const char *word)
{
    size_t u = strlen(label), n = strlen(word);
    if (u && u + 1 < cap)
        label[u++] = ' ';
    if (u + n >= cap)
        n = cap - 1 - u;
    memmove(label + u, word, n);
    label[u + n] = '\0';
}

static int load_side(pb_ask_plan *p, int i, const pb_ask_query *q, const pb_ask_defaults *d, pb_ask_error *err)
{
    char msg[PB_ERR_MAX];
    const pb_ask_side *side = &q->side[i];
    const char *name = side->name[0] ? side->name : i == 1 ? NULL : d->ruleset ? d->ruleset : PB_RULESET_DEFAULT;
    p->label[i][0] = '\0';
    if (i == 0 && d->rules && !side->name[0]) {
        /* a ruleset given as data (the tune engine's edited rulesets); --switch still applies */
        p->rules[0] = *d->rules;
        label_add(p->label[0], sizeof p->label[0], d->rules->name);
        for (int k = 0; k < d->nswitches; k++) {
            if (apply_switch(&p->rules[0], d->switches[k], msg, sizeof msg) != 0)
                return plan_fail(err, 0, 0, "--switch: %s", msg);
            label_add(p->label[0], sizeof p->label[0], d->switches[k]);
        }
    } else if (name) {
        if (pb_ruleset_load(&p->rules[i], name, msg, sizeof msg) != 0) {
            if (side->name[0])
                return plan_fail(err, side->offset, side->span, "%s", msg);
            return plan_fail(err, 0, 0, "--ruleset: %s", msg);
        }
        if (pb_ruleset_name_by_file(&p->rules[i], name) != 0)
            return plan_fail(err, 0, 0, "out of memory");
        label_add(p->label[i], sizeof p->label[i], p->rules[i].name);
        if (i == 0)
            for (int k = 0; k < d->nswitches; k++) {
                if (apply_switch(&p->rules[0], d->switches[k], msg, sizeof msg) != 0)
                    return plan_fail(err, 0, 0, "--switch: %s", msg);
                label_add(p->label[i], sizeof p->label[i], d->switches[k]);
            }
    } else {
        /* vs ID=VALUE: the first ruleset, switches and all, with these on top */
        p->rules[1] = p->rules[0];
        memcpy(p->label[1], p->label[0], sizeof p->label[1]);
    }
    for (int k = 0; k < side->nsw; k++) {
        if (apply_switch(&p->rules[i], side->sw[k], msg, sizeof msg) != 0)
            return plan_fail(err, side->offset, side->span, "%s", msg);
        label_add(p->label[i], sizeof p->label[i], side->sw[k]);
    }
    return 0;
}

static void set_values(pb_ask_plan *p, int dim, const int *v, int n)
{
    p->n[dim] = n;
    memcpy(p->v[dim], v, (size_t)n * sizeof *v);
}

static void set_range(pb_ask_plan *p, int dim, int lo, int hi)
{
    p->n[dim] = 0;
    for (int v = lo; v <= hi && p->n[dim] < PB_ASK_VALUES_MAX; v++)
        p->v[dim][p->n[dim]++] = v;
}

/* The zone's togo range under the first ruleset. */
void pb_ask_zone_range(pb_ask_zone z, const pb_ruleset *rs, int *lo, int *hi)
{
    switch (z) {
    case PB_ASK_ZONE_RED: *lo = 1; *hi = rs->red_zone; break;
    case PB_ASK_ZONE_GOAL: *lo = 1; *hi = 10; break;
    case PB_ASK_ZONE_OWN: *lo = 51; *hi = 99; break;
    case PB_ASK_ZONE_OPP: *lo = 1; *hi = 50; break;
    case PB_ASK_ZONE_BACKED: *lo = 90; *hi = 99; break;
    default: *lo = 1; *hi = 99; break;
    }
}

static int resolve_togo(pb_ask_plan *p, const pb_ask_query *q, const pb_ask_defaults *d, pb_ask_error *err)
{
    const pb_ask_set *given = &q->dim[PB_ASK_DIM_TOGO];
    int lo = 1, hi = 99;
    if (q->action == PB_ACTION_FIELD_GOAL) {
        hi = p->rules[0].fg_max_togo;
        if (p->nrules == 2 && p->rules[1].fg_max_togo < hi)
            hi = p->rules[1].fg_max_togo;
    }
    if (given->n) {
        set_values(p, PB_ASK_DIM_TOGO, given->v, given->n);
    } else if (d->togo > 0 && q->zone == PB_ASK_ZONE_NONE) {
        p->v[PB_ASK_DIM_TOGO][0] = d->togo;
        p->n[PB_ASK_DIM_TOGO] = 1;
    } else {
        set_range(p, PB_ASK_DIM_TOGO, lo, hi);
        p->open[PB_ASK_DIM_TOGO] = true;
    }
    if (q->zone != PB_ASK_ZONE_NONE) {
        int zlo, zhi, n = 0;
        pb_ask_zone_range(q->zone, &p->rules[0], &zlo, &zhi);
        for (int i = 0; i < p->n[PB_ASK_DIM_TOGO]; i++) {
            int v = p->v[PB_ASK_DIM_TOGO][i];
            if (v >= zlo && v <= zhi)
                p->v[PB_ASK_DIM_TOGO][n++] = v;
        }
        if (n == 0)
            return plan_fail(err, q->zone_offset, q->zone_span,
                             "zone %s (togo %d..%d) leaves no field position of the question", pb_ask_zone_name(q->zone),
                             zlo, zhi);
        p->n[PB_ASK_DIM_TOGO] = n;
    }
    if (q->action == PB_ACTION_FIELD_GOAL)
        for (int i = 0; i < p->n[PB_ASK_DIM_TOGO]; i++)
            for (int s = 0; s < p->nrules; s++)
                if (p->v[PB_ASK_DIM_TOGO][i] > p->rules[s].fg_max_togo)
                    return plan_fail(err, given->n ? given->offset : 0, given->n ? given->span : 0,
                                     "a field goal from %d yards to go is not allowed in %s (rule 3.6: at most %d)",
                                     p->v[PB_ASK_DIM_TOGO][i], p->label[s], p->rules[s].fg_max_togo);
    return 0;
}

int pb_ask_plan_init(pb_ask_plan *p, const pb_ask_query *q, const pb_ask_defaults *d, const pb_ask_weights *w,
                     pb_ask_error *err)
{
    memset(p, 0, sizeof *p);
    for (int dim = 0; dim < PB_ASK_DIM_COUNT; dim++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_init(p->w[dim][i]);
    p->q = q;
    p->nrules = q->nsides;
    if (load_side(p, 0, q, d, err) != 0)
        return -1;
    if (q->nsides == 2 && load_side(p, 1, q, d, err) != 0)
        return -1;
    p->policies = q->policies_given ? q->policies : d->policies;

    unsigned dims = pb_ask_query_dims(q);
    for (int dim = 0; dim < PB_ASK_DIM_COUNT; dim++) {
        p->applies[dim] = (dims >> dim) & 1u;
        const pb_ask_set *given = &q->dim[dim];
        if (!p->applies[dim]) {
            p->n[dim] = 1;
            p->v[dim][0] = dim == PB_ASK_DIM_DOWN ? 1 : dim == PB_ASK_DIM_TIMEOUTS ? 33 : 0;
            continue;
        }
        if (dim == PB_ASK_DIM_TOGO) {
            if (resolve_togo(p, q, d, err) != 0)
                return -1;
            continue;
        }
        if (given->n) {
            set_values(p, dim, given->v, given->n);
            continue;
        }
        p->n[dim] = 1;
        switch ((pb_ask_dim)dim) {
        case PB_ASK_DIM_OFFENSE:
            set_range(p, dim, 0, PB_OFFENSE_COUNT - 1);
            p->open[dim] = true;
            break;
        case PB_ASK_DIM_DEFENSE:
            set_range(p, dim, 1, PB_DEFENSE_COUNT);
            p->open[dim] = true;
            break;
        case PB_ASK_DIM_CARD: p->v[dim][0] = PB_CARD_DECK; break;
        case PB_ASK_DIM_DOWN: p->v[dim][0] = d->down > 0 ? d->down : 1; break;
        case PB_ASK_DIM_YTG: p->v[dim][0] = d->ytg > 0 ? d->ytg : 0; break;
        case PB_ASK_DIM_LEAD: p->v[dim][0] = d->lead_given ? d->lead : 0; break;
        case PB_ASK_DIM_TIMEOUTS:
            p->v[dim][0] = d->timeouts >= 0 ? d->timeouts : p->rules[0].sw.timeouts * 11;
            break;
        default: break;
        }
    }
    /* yards to gain past the goal line: goal to go there */
    if (p->applies[PB_ASK_DIM_YTG])
        for (int i = 0; i < p->n[PB_ASK_DIM_YTG]; i++)
            for (int t = 0; t < p->n[PB_ASK_DIM_TOGO]; t++)
                if (p->v[PB_ASK_DIM_YTG][i] > p->v[PB_ASK_DIM_TOGO][t])
                    p->ytg_clipped++;

    bool state = q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST;
    if (state)
        for (int s = 0; s < p->nrules; s++)
            for (int i = 0; i < p->n[PB_ASK_DIM_DOWN]; i++)
                if (p->v[PB_ASK_DIM_DOWN][i] > p->rules[s].downs) {
                    const pb_ask_set *g = &q->dim[PB_ASK_DIM_DOWN];
                    return plan_fail(err, g->n ? g->offset : 0, g->n ? g->span : 0,
                                     "down %d is past the last down in %s (%d downs)", p->v[PB_ASK_DIM_DOWN][i],
                                     p->label[s], p->rules[s].downs);
                }
    /* --weight field: togo, down and ytg weighted jointly when the question is answered */
    if (w && w->field) {
        if (!(dims & (1u << PB_ASK_DIM_DOWN)))   /* kicks: no down, no drive situation */
            return plan_fail(err, q->action_span ? q->action_offset : 0, q->action_span,
                             "--weight field weighs the situations of a drive (togo, down, ytg): it applies to plays "
                             "and to E(next_score) and best, not to %s", pb_ask_action_name(q->action));
        p->field = true;
    }

    /* weights */
    long cells = 1;
    for (int dim = 0; dim < PB_ASK_DIM_COUNT; dim++) {
        int n = p->n[dim];
        if (w && w->set[dim] && p->applies[dim]) {
            mpq_t sum;
            mpq_init(sum);
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < w->n[dim]; k++)
                    if (w->v[dim][k] == p->v[dim][i])
                        mpq_set(p->w[dim][i], w->w[dim][k]);
                mpq_add(sum, sum, p->w[dim][i]);
            }
            if (mpq_sgn(sum) == 0) {
                mpq_clear(sum);
                return plan_fail(err, q->dim[dim].n ? q->dim[dim].offset : 0, q->dim[dim].n ? q->dim[dim].span : 0,
                                 "--weight %s gives no weight to any %s of the question", w->label,
                                 pb_ask_dim_name((pb_ask_dim)dim));
            }
            for (int i = 0; i < n; i++)
                mpq_div(p->w[dim][i], p->w[dim][i], sum);
            mpq_clear(sum);
            p->weighted[dim] = true;
        } else {
            for (int i = 0; i < n; i++)
                mpq_set_ui(p->w[dim][i], 1, (unsigned long)n);
        }
        cells *= n;
        if (cells > PB_ASK_CELLS_MAX)
            break;
    }
    p->ncells = cells;
    if (q->measure == PB_ASK_MEASURE_BEST && cells <= PB_ASK_CELLS_MAX && cells > PB_ASK_BEST_MAX)
        return plan_fail(err, 0, (int)strlen(q->text),
                         "best at %ld states is too many to list (at most %d): narrow togo, down or ytg (the whole "
                         "fourth-down chart is 'paperbowl solve fourth')", cells, PB_ASK_BEST_MAX);
    if (cells > PB_ASK_CELLS_MAX)
        return plan_fail(err, 0, (int)strlen(q->text),
                         "the question has more than %d cells: narrow offense, defense, card or togo", PB_ASK_CELLS_MAX);
    long decks = 0;
    for (int i = 0; i < p->n[PB_ASK_DIM_CARD]; i++)
        decks += p->applies[PB_ASK_DIM_CARD] && p->v[PB_ASK_DIM_CARD][i] == PB_CARD_DECK;
    p->nplays = cells / p->n[PB_ASK_DIM_CARD] * (p->n[PB_ASK_DIM_CARD] + decks * (PB_CARD_COUNT - 1));
    if (p->nplays > PB_ASK_PLAYS_MAX)
        return plan_fail(err, 0, (int)strlen(q->text),
                         "the question needs %ld enumerations of a play (at most %d; card=deck counts %d): narrow "
                         "offense, defense, card or togo", p->nplays, PB_ASK_PLAYS_MAX, PB_CARD_COUNT);
    return 0;
}

void pb_ask_plan_release(pb_ask_plan *p)
{
    for (int dim = 0; dim < PB_ASK_DIM_COUNT; dim++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_clear(p->w[dim][i]);
}
