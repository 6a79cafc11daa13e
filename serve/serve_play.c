/* serve/serve_play.c: the page's live results: the play-level tables (the `tables` builders of
 * tables/: gain, per-card at every field position of the card tables, special teams) and the
 * drive level (drive-ep, drive-fourth, drive-mixes, ...: the drive solver), for the edited ruleset
 * beside the base one, the cells that moved found by tables/table_diff.c (the exact delta of every
 * moved cell, as `diff` computes it) and the largest moves first in a summary, in the request's
 * language. The base ruleset's numbers are computed once, by the worker thread, on first use, and
 * its tables built from them once per language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"
#include "table_diff.h"

typedef struct {
    pb_serve *s;
    unsigned long id;
    long base_units;   /* units of the base ruleset still to do before the edited one's */
} progress_arg;

static void progress(void *arg, long done, long total)
{
    progress_arg *p = arg;
    pb_serve_job_progress(p->s, p->id, done + p->base_units, total + p->base_units);
}

/* Compute the numbers of one ruleset at one level (drive: the drive solver's). On failure the
 * caller releases d and *dr all the same. */
static int compute(pb_serve *s, progress_arg *pa, const pb_ruleset *rules, bool drive, pb_table_data *d,
                   pb_drive **dr, char *err, size_t errlen)
{
    pb_policies pol = {0};
    *dr = NULL;
    if (pb_table_data_init(d, rules, &pol) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (drive)
        return pb_table_drive_solve(dr, d, s->cfg.threads, err, errlen) != 0 ||
                       pb_table_drive_attach(d, *dr, err, errlen) != 0
                   ? -1
                   : 0;
    pb_table_need need;
    memset(&need, 0, sizeof need);
    pb_table_need_add(&need, "gain-run");
    pb_table_need_add(&need, "fg");
    for (int i = 0; i < pb_table_card_ntogo; i++)
        need.togo[pb_table_card_togo[i]] = true;
    return pb_table_data_compute(d, &need, s->cfg.threads, progress, pa, err, errlen);
}

/* The tables of the numbers d at one level, their words in lang (d->lang is set to it: the
 * builders read nothing else of the language). On failure the caller releases l all the same. */
static int tables_of(pb_table_data *d, bool drive, pb_lang lang, pb_table_list *l, char *err, size_t errlen)
{
    pb_table_list_init(l);
    d->lang = lang;
    if (drive) {
        pb_table_build_drive(d, l);
    } else {
        pb_table_build_gain(d, l);
        pb_table_build_cards(d, l);
        pb_table_build_special(d, l);
    }
    if (l->failed) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

static json_t *table_json(const pb_table *t, const pb_table *base)
{
    json_t *cols = json_array(), *rows = json_array(), *notes = json_array();
    for (size_t c = 0; c < t->ncols; c++)
        json_array_append_new(cols, json_pack("{s:s,s:s?,s:b}", "name", t->cols[c].name, "group", t->cols[c].group,
                                              "num", t->cols[c].kind != PB_COL_TEXT));
    for (size_t i = 0; i < t->nnotes; i++)
        json_array_append_new(notes, json_string(t->notes[i]));
    for (size_t r = 0; r < t->nrows; r++) {
        json_t *row = json_array();
        for (size_t c = 0; c < t->ncols; c++) {
            const pb_table_cell *x = pb_table_cell_at(t, r, c);
            json_array_append_new(row, x->set ? json_string(x->text) : json_null());
        }
        json_array_append_new(rows, row);
    }
    return json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:b}", "id", t->id, "title", t->title, "notes", notes, "cols", cols,
                     "rows", rows, "changes", json_array(), "same_shape",
                     base && base->nrows == t->nrows && base->ncols == t->ncols);
}

/* The delta's text as its column shows numbers, signed ("+1.39"; a percentage in points). */
static void delta_text(char *buf, size_t len, const mpq_t delta, pb_col_kind kind, int places)
{
    char t[96];
    mpq_t a;
    mpq_init(a);
    mpq_abs(a, delta);
    if (kind == PB_COL_PERCENT || kind == PB_COL_DECIMAL)
        pb_table_number_text(t, sizeof t, a, kind, places);
    else
        gmp_snprintf(t, sizeof t, "%Qd", a);
    snprintf(buf, len, "%s%s", mpq_sgn(delta) < 0 ? "-" : "+", t);
    mpq_clear(a);
}

/* The cells without an exact value that print differently: the drive solver's (REAL: floating
 * point; the change as the difference of the two doubles at the column's places) and the labels
 * (TEXT: the last-down chart's G / FG / P; the change is the new text). */
static size_t text_changes(const pb_table *b, const pb_table *t, json_t *cj)
{
    size_t n = 0;
    for (size_t r = 0; r < t->nrows && r < b->nrows; r++)
        for (size_t c = 0; c < t->ncols; c++) {
            pb_col_kind kind = t->cols[c].kind;
            if ((kind != PB_COL_REAL && kind != PB_COL_TEXT) || strcmp(t->cols[c].name, "+-") == 0)
                continue;   /* (a certified bound's own change is not a move of the value) */
            const pb_table_cell *x = pb_table_cell_at(b, r, c), *y = pb_table_cell_at(t, r, c);
            if (x->set != y->set || (x->set && strcmp(x->text, y->text) != 0)) {
                char d[80];
                const char *bt = x->set ? x->text : "-", *at = y->set ? y->text : "-";
                if (kind == PB_COL_REAL && x->set && y->set)
                    snprintf(d, sizeof d, "%+.*f", t->cols[c].places, strtod(at, NULL) - strtod(bt, NULL));
                else
                    snprintf(d, sizeof d, "%.30s -> %.30s", bt, at);
                json_array_append_new(cj, json_pack("{s:I,s:I,s:s,s:s,s:s,s:s,s:b}", "r", (json_int_t)r, "c",
                                                    (json_int_t)c, "before", bt, "after", at, "delta", d, "exact",
                                                    kind == PB_COL_REAL ? "the drive solver's floating point, as printed"
                                                                        : "",
                                                    "text", kind == PB_COL_TEXT));
                n++;
            }
        }
    return n;
}

char *pb_serve_compare(const pb_table *base, size_t nbase, const pb_table *ed, size_t ned, double secs)
{
    json_t *tables = json_array(), *all = json_array();
    size_t moved = 0;
    for (size_t i = 0; i < ned; i++) {
        const pb_table *t = &ed[i];
        const pb_table *b = NULL;
        for (size_t k = 0; k < nbase && !b; k++)
            if (strcmp(base[k].id, t->id) == 0)
                b = &base[k];
        json_t *tj = table_json(t, b);
        json_array_append_new(tables, tj);
        if (!b || b->ncols != t->ncols)
            continue;
        pb_table_changes ch;
        if (pb_tables_compare(b, t, 1, &ch) != 0)
            continue;
        json_t *cj = json_object_get(tj, "changes");
        moved += text_changes(b, t, cj);
        for (size_t k = 0; k < ch.n; k++) {
            const pb_table_change *x = &ch.c[k];
            char d[128];
            delta_text(d, sizeof d, x->delta, t->cols[x->col_index].kind, t->cols[x->col_index].places);
            char *exact = mpq_get_str(NULL, 10, x->delta);
            json_t *one = json_pack("{s:I,s:I,s:s,s:s,s:s,s:s}", "r", (json_int_t)x->row_index, "c",
                                    (json_int_t)x->col_index, "before", x->before, "after", x->after, "delta", d,
                                    "exact", exact ? exact : "");
            json_array_append(cj, one);
            if (t->cols[x->col_index].kind == PB_COL_PERCENT) {
                double mag = mpq_get_d(x->delta);
                json_object_set_new(one, "table", json_string(t->id));
                json_object_set_new(one, "title", json_string(t->title));
                json_object_set_new(one, "row", json_string(x->row));
                json_object_set_new(one, "col", json_string(x->col));
                json_object_set_new(one, "mag", json_real(mag < 0 ? -mag : mag));
                json_array_append(all, one);
            }
            json_decref(one);
            free(exact);
            moved++;
        }
        pb_table_changes_release(&ch);
    }
    /* the summary: the 12 largest moves of a probability (exact order: |delta| as a double only ranks) */
    size_t n = json_array_size(all);
    json_t *summary = json_array();
    bool *used = calloc(n ? n : 1, sizeof *used);
    for (int k = 0; used && k < 12 && (size_t)k < n; k++) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!used[i] && (best == n || json_real_value(json_object_get(json_array_get(all, i), "mag")) >
                                              json_real_value(json_object_get(json_array_get(all, best), "mag"))))
                best = i;
        used[best] = true;
        json_array_append(summary, json_array_get(all, best));
    }
    free(used);
    json_decref(all);
    json_t *j = json_pack("{s:o,s:o,s:I,s:f}", "tables", tables, "summary", summary, "moved", (json_int_t)moved,
                          "seconds", secs);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return text;
}

static char *run(pb_serve *s, unsigned long id, const pb_ruleset *edited, bool drive, pb_lang lang, int *status)
{
    double t0 = pb_serve_now();
    char err[PB_ERR_MAX];
    if ((unsigned)lang >= PB_LANG_COUNT)
        lang = PB_LANG_EN;
    bool *ready = drive ? &s->base_drive_ready : &s->base_ready;
    bool *tables_ready = drive ? &s->base_drive_tables_ready[lang] : &s->base_tables_ready[lang];
    pb_table_data *bd = drive ? &s->base_drive_data : &s->base_data;
    pb_table_list *bl = drive ? &s->base_drive_tables[lang] : &s->base_tables[lang];
    progress_arg pa = {s, id, 0};
    if (!*ready) {
        pb_drive *dr = NULL;
        if (compute(s, &pa, &s->base, drive, bd, &dr, err, sizeof err) != 0) {
            pb_table_data_release(bd);
            pb_drive_free(dr);
            *status = 500;
            return pb_serve_error_json(err);
        }
        if (drive)
            s->base_drive = dr;
        *ready = true;
    }
    if (!*tables_ready) {
        if (tables_of(bd, drive, lang, bl, err, sizeof err) != 0) {
            pb_table_list_release(bl);
            *status = 500;
            return pb_serve_error_json(err);
        }
        *tables_ready = true;
    }
    if (pb_serve_job_progress(s, id, 0, 0)) {
        *status = 200;
        return NULL;
    }
    pb_table_data d;
    pb_table_list l;
    pb_table_list_init(&l);
    pb_drive *dr = NULL;
    char *text;
    if (compute(s, &pa, edited, drive, &d, &dr, err, sizeof err) != 0 ||
        tables_of(&d, drive, lang, &l, err, sizeof err) != 0) {
        *status = 400;
        text = pb_serve_error_json(err);
    } else
        text = pb_serve_compare(bl->items, bl->count, l.items, l.count, pb_serve_now() - t0);
    pb_table_list_release(&l);
    pb_table_data_release(&d);
    pb_drive_free(dr);
    return text;
}

char *pb_serve_play_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, pb_lang lang, int *status)
{
    return run(s, id, edited, false, lang, status);
}

char *pb_serve_drive_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, pb_lang lang, int *status)
{
    return run(s, id, edited, true, lang, status);
}

void pb_serve_results_release(pb_serve *s)
{
    for (int k = 0; k < PB_LANG_COUNT; k++) {
        if (s->base_tables_ready[k])
            pb_table_list_release(&s->base_tables[k]);
        if (s->base_drive_tables_ready[k])
            pb_table_list_release(&s->base_drive_tables[k]);
        s->base_tables_ready[k] = s->base_drive_tables_ready[k] = false;
    }
    if (s->base_ready)
        pb_table_data_release(&s->base_data);
    if (s->base_drive_ready) {
        pb_table_data_release(&s->base_drive_data);
        pb_drive_free(s->base_drive);
    }
    s->base_ready = s->base_drive_ready = false;
}
