/* tune/tune_json.c: a tune's rows as JSON, and a value as text.
 *
 *   {"ruleset": "v1.11-ja", "keys": ["pat.kick_at_least"], "targets": [{"target": "...", "level":
 *    "play"}], "goal": "equal", "equal": "9/10", "rows": [{"set": {"pat.kick_at_least": 4},
 *    "value": "11/12", "decimal": 0.9166666667}, ...], "best": [{"set": ...}], "tie": false}
 *
 * An exact value is its fraction "num/den" and its decimal correctly rounded to 10 places (written
 * as a bare JSON number from that decimal text, not through a binary double); a certified value is
 * its midpoint with "lo" and "hi" (midpoint -+ bound). Several targets (--balance): "values" holds
 * one of those per target and "spread" the score. A key of whole numbers is set as a number,
 * any other as its text. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "tune_internal.h"

void pb_tune_value_fraction(const pb_tune_value *v, char *buf, size_t len)
{
    if (!v->defined) {
        snprintf(buf, len, "-");
        return;
    }
    if (v->exact)
        pb_exact_fraction(buf, len, v->q);
    else
        snprintf(buf, len, "%.9g", mpq_get_d(v->q));
}

void pb_tune_value_decimal(const pb_tune_value *v, int places, char *buf, size_t len)
{
    if (!v->defined)
        snprintf(buf, len, "-");
    else if (v->exact)
        pb_exact_decimal(buf, len, v->q, places);
    else
        snprintf(buf, len, "%.*f", places, mpq_get_d(v->q));
}

#define DEC_MARK "\x01" "DEC"

/* A decimal number to splice in bare after dumping: the string DEC_MARK + text. */
static json_t *bare(const char *text)
{
    char buf[sizeof DEC_MARK + 128];   /* the mark and a decimal of up to 127 characters */
    snprintf(buf, sizeof buf, DEC_MARK "%.127s", text);
    return json_string(buf);
}

static void trim_zeros(char *d)
{
    if (!strchr(d, '.'))
        return;
    size_t n = strlen(d);
    while (n && d[n - 1] == '0')
        d[--n] = '\0';
    if (n && d[n - 1] == '.')
        d[--n] = '\0';
    if (strcmp(d, "-0") == 0)
        strcpy(d, "0");
}

static json_t *value_json(const pb_tune_value *v)
{
    json_t *o = json_object();
    if (!v->defined) {
        json_object_set_new(o, "value", json_null());
        return o;
    }
    char dec[128];
    if (v->exact) {
        size_t n = pb_exact_fraction_size(v->q);
        char *f = malloc(n);
        if (f) {
            pb_exact_fraction(f, n, v->q);
            json_object_set_new(o, "value", json_string(f));
            free(f);
        }
        pb_exact_decimal(dec, sizeof dec, v->q, 10);
        trim_zeros(dec);
        json_object_set_new(o, "decimal", bare(dec));
    } else {
        double m = mpq_get_d(v->q);
        json_object_set_new(o, "value", json_real(m));
        json_object_set_new(o, "lo", json_real(m - v->bound));
        json_object_set_new(o, "hi", json_real(m + v->bound));
    }
    return o;
}

static json_t *set_json(const pb_tune *t, const pb_tune_row *row)
{
    json_t *set = json_object();
    for (int k = 0; k < t->nkeys; k++) {
        const pb_tune_key *key = &t->key[k];
        json_object_set_new(set, key->name, key->numeric ? json_integer(key->num[row->idx[k]])
                                                         : json_string(key->value[row->idx[k]]));
    }
    return set;
}

static json_t *row_json(const pb_tune *t, const pb_tune_row *row)
{
    json_t *o = json_object();
    json_object_set_new(o, "set", set_json(t, row));
    if (t->ntargets == 1) {
        json_t *v = value_json(&row->t[0]);
        json_object_update(o, v);
        json_decref(v);
    } else {
        json_t *a = json_array();
        for (int i = 0; i < t->ntargets; i++)
            json_array_append_new(a, value_json(&row->t[i]));
        json_object_set_new(o, "values", a);
        json_object_set_new(o, "spread", value_json(&row->score));
    }
    return o;
}

/* Every "\u0001DEC<text>" string made a bare number. */
static char *splice(char *s)
{
    const char *mark = "\"\\u0001DEC";
    size_t ml = strlen(mark);
    char *w = s;
    for (const char *r = s; *r;) {
        if (strncmp(r, mark, ml) == 0) {
            r += ml;
            while (*r && *r != '"')
                *w++ = *r++;
            if (*r)
                r++;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    return s;
}

char *pb_tune_json(const pb_tune *t)
{
    json_t *root = json_object();
    if (!root)
        return NULL;
    json_object_set_new(root, "ruleset", json_string(t->base_label));
    json_t *keys = json_array(), *targets = json_array(), *rows = json_array(), *best = json_array();
    for (int k = 0; k < t->nkeys; k++)
        json_array_append_new(keys, json_string(t->key[k].name));
    for (int i = 0; i < t->ntargets; i++)
        json_array_append_new(targets, json_pack("{s:s,s:s}", "target", t->tgt[i].text, "level",
                                                 pb_tune_level_name(t->tgt[i].level)));
    json_object_set_new(root, "keys", keys);
    json_object_set_new(root, "targets", targets);
    const char *goal = t->o.balance ? "balance" : t->o.goal == PB_TUNE_GOAL_EQUAL ? "equal"
                       : t->o.goal == PB_TUNE_GOAL_MIN ? "min" : t->o.goal == PB_TUNE_GOAL_MAX ? "max" : "none";
    json_object_set_new(root, "goal", json_string(goal));
    if (t->o.goal == PB_TUNE_GOAL_EQUAL) {
        char f[256];
        pb_exact_fraction(f, sizeof f, t->equal);
        json_object_set_new(root, "equal", json_string(f));
    }
    if (t->bis.used) {
        json_object_set_new(root, "bisection",
                            json_pack("{s:i,s:b,s:b}", "evaluations", t->bis.evaluations, "monotone_checked",
                                      t->bis.monotone_checked, "outside", t->bis.outside));
    }
    for (long i = 0; i < t->nshown; i++) {
        const pb_tune_row *row = &t->rows[t->order[i]];
        json_array_append_new(rows, row_json(t, row));
        if (row->best)
            json_array_append_new(best, row_json(t, row));
    }
    json_object_set_new(root, "rows", rows);
    json_object_set_new(root, "best", best);
    json_object_set_new(root, "tie", json_boolean(t->nbest > 1));
    char *s = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(root);
    return s ? splice(s) : NULL;
}
