/* ask/ask_json.c: an answered question as JSON: the same facts as the text (ask_format.c), every
 * number an exact "num/den" string (jansson). With --weight field the weights are numbers (the
 * doubles of the expected visits, "weights_from": "field"); the answers stay exact strings. The
 * solver's measures are written by ask_drive_format.c with the same "read". */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "ask_internal.h"

static json_t *json_q(const mpq_t q)
{
    char *s = pb_ask_fraction_text(q);
    json_t *j = s ? json_string(s) : json_null();
    free(s);
    return j;
}

static json_t *json_value(const pb_ask_plan *p, int d, int v)
{
    char buf[96];
    switch ((pb_ask_dim)d) {
    case PB_ASK_DIM_OFFENSE: return json_string(pb_offense_name((pb_offense)v));
    case PB_ASK_DIM_CARD:
        if (v == PB_CARD_DECK)
            return json_string("deck");
        if (v == 0)
            return json_string("none");
        snprintf(buf, sizeof buf, "%02d", v);
        return json_string(buf);
    case PB_ASK_DIM_YTG:
        return v == 0 ? json_string("default") : json_integer(v);
    case PB_ASK_DIM_TIMEOUTS:
        return json_pack("[ii]", v / 10, v % 10);
    default:
        (void)p;
        return json_integer(v);
    }
}

/* {"value":"num/den","percent":"12.34%"} or {"value":"num/den","decimal":"5.70"}; value null
 * when the condition never happens. */
static json_t *json_answer(const pb_ask_plan *p, bool defined, const mpq_t v, int places)
{
    json_t *o = json_object();
    if (!defined) {
        json_object_set_new(o, "value", json_null());
        return o;
    }
    json_object_set_new(o, "value", json_q(v));
    char *s = pb_ask_decimal_text(v, places, p->q->measure == PB_ASK_MEASURE_P);
    json_object_set_new(o, p->q->measure == PB_ASK_MEASURE_P ? "percent" : "decimal", s ? json_string(s) : json_null());
    free(s);
    return o;
}

static json_t *json_answers(const pb_ask_plan *p, const pb_ask_result *r, int d, int vi, int places)
{
    json_t *a = json_array();
    mpq_t v;
    mpq_init(v);
    for (int s = 0; s < p->nrules; s++) {
        bool def = pb_ask_answer(p, r, s, d, vi, v);
        json_t *o = json_answer(p, def, v, places);
        json_object_set_new(o, "ruleset", json_string(p->label[s]));
        json_array_append_new(a, o);
    }
    mpq_clear(v);
    return a;
}

/* A weight: an exact string, or with --weight field the double. */
static json_t *json_weight(const pb_ask_plan *p, mpq_srcptr w)
{
    return p->field ? json_real(mpq_get_d(w)) : json_q(w);
}

json_t *pb_ask_json_read(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    const pb_ask_query *q = p->q;
    char buf[2048];
    json_t *read = json_object();
    pb_ask_measure_text(q, f->defines, buf, sizeof buf);
    json_object_set_new(read, "measure", json_string(buf));
    pb_ask_names u;
    pb_ask_names_used(q, &u);
    json_t *meanings = json_object();
    for (int i = 0; i < u.ndefs; i++)
        if (f->defines && u.defs[i] < f->defines->count)
            json_object_set_new(meanings, f->defines->items[u.defs[i]].name,
                                json_string(f->defines->items[u.defs[i]].text));
    for (int i = 0; i < u.natoms; i++)
        json_object_set_new(meanings, pb_ask_atom(u.atoms[i])->name, json_string(pb_ask_atom(u.atoms[i])->meaning));
    for (int i = 0; i < u.nquants; i++)
        json_object_set_new(meanings, pb_ask_quantity_get(u.quants[i])->name,
                            json_string(pb_ask_quantity_get(u.quants[i])->meaning));
    bool state = q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST;
    if (q->measure == PB_ASK_MEASURE_EP)
        json_object_set_new(meanings, "next_score", json_string(pb_ask_next_score_meaning));
    else if (q->measure == PB_ASK_MEASURE_BEST)
        json_object_set_new(meanings, "best", json_string(pb_ask_best_meaning));
    json_object_set_new(read, "meanings", meanings);
    json_object_set_new(read, "action", json_string(state ? "state" : pb_ask_action_keyword(q->action)));
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!p->applies[d])
            continue;
        json_t *vals = json_array();
        for (int i = 0; i < p->n[d]; i++)
            json_array_append_new(vals, json_value(p, d, p->v[d][i]));
        json_object_set_new(read, pb_ask_dim_name((pb_ask_dim)d), vals);
    }
    json_object_set_new(read, "zone", q->zone ? json_string(pb_ask_zone_name(q->zone)) : json_null());
    json_t *rs = json_array();
    for (int s = 0; s < p->nrules; s++)
        json_array_append_new(rs, json_string(p->label[s]));
    json_object_set_new(read, "rulesets", rs);
    pb_policies_format(&p->policies, buf, sizeof buf);
    json_object_set_new(read, "policies", json_string(buf));
    json_t *weights = json_object();
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!p->applies[d] || p->n[d] < 2)
            continue;
        json_t *wa = json_array();
        for (int i = 0; i < p->n[d]; i++)
            json_array_append_new(wa, json_weight(p, pb_ask_value_weight(p, r, d, i)));
        json_object_set_new(weights, pb_ask_dim_name((pb_ask_dim)d), wa);
    }
    json_object_set_new(read, "weights", weights);
    if (p->field)
        json_object_set_new(read, "weights_from", json_string("field"));
    if (r && r->solved) {
        json_t *sv = json_array();
        for (int s = 0; s < (state ? p->nrules : 1); s++) {
            const pb_ask_solver *v = &r->solver[s];
            json_t *o = json_pack("{s:s,s:i,s:i,s:f,s:f,s:f}", "ruleset", p->label[s], "states", v->stats.states,
                                  "sweeps", v->stats.sweeps, "max_bound", v->stats.max_bound, "max_exploit",
                                  v->stats.max_exploit, "try", v->try_value);
            if (v->visits) {
                json_object_set_new(o, "snaps_per_drive", json_real(v->snaps));
                json_object_set_new(o, "p_kickoff_return_td", json_real(v->p_return_td));
            }
            json_array_append_new(sv, o);
        }
        json_object_set_new(read, "solver", sv);
    }
    return read;
}

char *pb_ask_json(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    const pb_ask_query *q = p->q;
    if (q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST)
        return pb_ask_drive_json(p, r, f);
    json_t *root = json_object();
    json_object_set_new(root, "question", json_string(q->text));
    json_object_set_new(root, "read", pb_ask_json_read(p, r, f));
    json_object_set_new(root, "answer", json_answers(p, r, -1, 0, f->places));
    if (p->nrules == 2) {
        mpq_t a, b;
        mpq_inits(a, b, NULL);
        bool da = pb_ask_answer(p, r, 0, -1, 0, a), db = pb_ask_answer(p, r, 1, -1, 0, b);
        if (da && db) {
            mpq_sub(b, b, a);
            json_object_set_new(root, "change", json_q(b));
        } else {
            json_object_set_new(root, "change", json_null());
        }
        mpq_clears(a, b, NULL);
    }
    json_t *bd = json_object();
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!p->applies[d] || p->n[d] < 2)
            continue;
        json_t *rows = json_array();
        for (int i = 0; i < p->n[d]; i++) {
            json_t *row = json_object();
            json_object_set_new(row, pb_ask_dim_name((pb_ask_dim)d), json_value(p, d, p->v[d][i]));
            json_object_set_new(row, "weight", json_weight(p, pb_ask_value_weight(p, r, d, i)));
            json_object_set_new(row, "answer", json_answers(p, r, d, i, f->places));
            json_array_append_new(rows, row);
        }
        json_object_set_new(bd, pb_ask_dim_name((pb_ask_dim)d), rows);
    }
    json_object_set_new(root, "breakdown", bd);
    if (f->cells) {
        json_t *cells = json_array();
        mpq_t v;
        mpq_init(v);
        for (long c = 0; c < r->ncells; c++) {
            const pb_ask_cell *cell = &r->cells[c];
            json_t *o = json_object();
            for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
                if (p->applies[d])
                    json_object_set_new(o, pb_ask_dim_name((pb_ask_dim)d), json_value(p, d, p->v[d][cell->idx[d]]));
            json_object_set_new(o, "weight", json_weight(p, cell->weight));
            json_t *ans = json_array();
            for (int s = 0; s < p->nrules; s++) {
                bool def = mpq_sgn(cell->den[s]) != 0;
                if (def)
                    mpq_div(v, cell->num[s], cell->den[s]);
                json_t *one = json_answer(p, def, v, f->places);
                json_object_set_new(one, "ruleset", json_string(p->label[s]));
                json_array_append_new(ans, one);
            }
            json_object_set_new(o, "answer", ans);
            json_array_append_new(cells, o);
        }
        mpq_clear(v);
        json_object_set_new(root, "cells", cells);
    }
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}
