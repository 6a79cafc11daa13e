/* ask/ask_drive_format.c: the drive solver's measures written out (text and JSON).
 *
 * E(next_score): the (weighted) mean EP with its bound (the weighted mean of the states' certified
 * bounds: the mixing itself is exact), then one breakdown per open dimension. EP is a float, so
 * it is printed to 6 decimals (or --places) with its bound, never as a fraction; the JSON has
 * the number itself. best: for one state the three calls (go at equilibrium with P(first down or
 * touchdown), the field goal with P(good) and its EP if good or missed, the punt), the margin and
 * the state's equilibrium mixes; for several, the share of the weight where each call is best
 * and one row per state. "read as" is ask_format.c's. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ask_internal.h"

static const char ep_note[] = "drive solver: next-score expected points under equilibrium play";

static int places_of(const pb_ask_format *f) { return f->places_given ? f->places : 6; }

/* A decimal (correctly rounded from the exact mean), signed with '+' when asked. */
static void dec(char *buf, size_t len, mpq_srcptr v, int places, bool sign)
{
    char *s = pb_ask_decimal_text(v, places, false);
    snprintf(buf, len, "%s%s", sign && mpq_sgn(v) > 0 ? "+" : "", s ? s : "?");
    free(s);
}

static void dec_d(char *buf, size_t len, double v, int places)
{
    if (!isfinite(v)) {
        snprintf(buf, len, "-");
        return;
    }
    mpq_t q;
    mpq_init(q);
    mpq_set_d(q, v);
    dec(buf, len, q, places, false);
    mpq_clear(q);
}

/* The mean EP of side s over the cells with value vi of dimension d (d < 0: every cell), by the
 * weights; with no weight there (a situation never reached) the plain mean of those cells.
 * Sets the mean bound; false when there is no cell. */
static bool row_value(const pb_ask_plan *p, const pb_ask_result *r, int s, int d, int vi, mpq_t out, double *bound,
                      bool *unweighted)
{
    double wb = 0, ws = 0, ub = 0;
    long n = 0;
    mpq_t sum;
    mpq_init(sum);
    for (long c = 0; c < r->ncells; c++) {
        const pb_ask_cell *cell = &r->cells[c];
        if (d >= 0 && cell->idx[d] != vi)
            continue;
        double w = mpq_get_d(cell->weight);
        wb += w * cell->bound[s];
        ws += w;
        ub += cell->bound[s];
        mpq_add(sum, sum, cell->num[s]);
        n++;
    }
    *unweighted = false;
    bool ok = n > 0;
    if (ok && pb_ask_answer(p, r, s, d, vi, out)) {
        *bound = ws > 0 ? wb / ws : ub / (double)n;
    } else if (ok) {
        mpq_set_ui(out, (unsigned long)n, 1);
        mpq_div(out, sum, out);
        *bound = ub / (double)n;
        *unweighted = true;
    }
    mpq_clear(sum);
    return ok;
}

static void weight_str(const pb_ask_plan *p, mpq_srcptr w, char *buf, size_t len)
{
    if (p->field) {
        snprintf(buf, len, "%.6f", mpq_get_d(w));
    } else {
        char *s = pb_ask_fraction_text(w);
        snprintf(buf, len, "%s", s ? s : "?");
        free(s);
    }
}

/* ---- E(next_score) ---- */

/* "1.911877 ± 4.5e-10" for side s (or the change, s = 2) of a row. */
static void ep_text(const pb_ask_plan *p, const pb_ask_result *r, int s, int d, int vi, int places, char *buf,
                    size_t len, bool *unweighted)
{
    mpq_t v[2];
    double b[2] = {0, 0};
    bool uw[2] = {false, false};
    mpq_inits(v[0], v[1], NULL);
    for (int k = 0; k < p->nrules; k++)
        row_value(p, r, k, d, vi, v[k], &b[k], &uw[k]);
    char a[128];
    if (s < 2) {
        dec(a, sizeof a, v[s], places, false);
        snprintf(buf, len, "%s \xc2\xb1 %.2g", a, b[s]);
    } else {
        mpq_sub(v[0], v[1], v[0]);
        dec(a, sizeof a, v[0], places, true);
        snprintf(buf, len, "%s \xc2\xb1 %.2g", a, b[0] + b[1]);
    }
    if (unweighted)
        *unweighted = uw[0];
    mpq_clears(v[0], v[1], NULL);
}

static int utf8_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

static void pad(FILE *out, const char *s, int width)
{
    fputs(s, out);
    for (int k = utf8_width(s); k < width; k++)
        fputc(' ', out);
}

static void ep_breakdown(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, int d, int places)
{
    int n = p->n[d];
    bool wcol = p->weighted[d] || (p->field && pb_ask_field_dim(d));
    char label[128], cols[3][160], w[64];
    int lw = (int)strlen(pb_ask_dim_name((pb_ask_dim)d)), cw[3] = {0, 0, 0}, ncol = p->nrules == 2 ? 3 : 1;
    for (int i = 0; i < n; i++) {
        pb_ask_value_label(p, d, p->v[d][i], label, sizeof label);
        if ((int)strlen(label) > lw)
            lw = (int)strlen(label);
        for (int k = 0; k < ncol; k++) {
            ep_text(p, r, k, d, i, places, cols[k], sizeof cols[k], NULL);
            if (utf8_width(cols[k]) > cw[k])
                cw[k] = utf8_width(cols[k]);
        }
    }
    const char *head[3] = {"EP", "", "change"};
    if (p->nrules == 2) {
        head[0] = p->label[0];
        head[1] = p->label[1];
    }
    for (int k = 0; k < ncol; k++)
        if ((int)strlen(head[k]) > cw[k])
            cw[k] = (int)strlen(head[k]);
    fprintf(out, "\nby %s%s:\n", pb_ask_dim_name((pb_ask_dim)d),
            p->ncells > p->n[d] ? " (each row mixes the other dimensions with their weights)" : "");
    fprintf(out, "  %-*s", lw, pb_ask_dim_name((pb_ask_dim)d));
    if (wcol)
        fprintf(out, "  %-8s", "weight");
    for (int k = 0; k < ncol; k++) {
        fputs("  ", out);
        if (k == ncol - 1)
            fputs(head[k], out);
        else
            pad(out, head[k], cw[k]);
    }
    fputc('\n', out);
    for (int i = 0; i < n; i++) {
        pb_ask_value_label(p, d, p->v[d][i], label, sizeof label);
        fprintf(out, "  %-*s", lw, label);
        if (wcol) {
            weight_str(p, pb_ask_value_weight(p, r, d, i), w, sizeof w);
            fprintf(out, "  %-8s", w);
        }
        bool uw = false;
        for (int k = 0; k < ncol; k++) {
            ep_text(p, r, k, d, i, places, cols[k], sizeof cols[k], k == 0 ? &uw : NULL);
            fputs("  ", out);
            if (k == ncol - 1)
                fputs(cols[k], out);
            else
                pad(out, cols[k], cw[k]);
        }
        if (uw && p->field)
            fputs("  (never reached: the plain mean)", out);
        fputc('\n', out);
    }
}

static void ep_cells(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, int places)
{
    fprintf(out, "\ncells:\n  togo  down  ytg  weight");
    for (int s = 0; s < p->nrules; s++)
        fprintf(out, "  %s", p->nrules == 2 ? p->label[s] : "EP");
    fputc('\n', out);
    for (long c = 0; c < r->ncells; c++) {
        const pb_ask_cell *cell = &r->cells[c];
        int t, dn, y;
        char w[64], e[64];
        pb_ask_cell_state(p, 0, cell, &t, &dn, &y);
        weight_str(p, cell->weight, w, sizeof w);
        fprintf(out, "  %-4d  %-4d  %-3d  %s", t, dn, y, w);
        for (int s = 0; s < p->nrules; s++) {
            dec_d(e, sizeof e, cell->ep[s], places);
            fprintf(out, "  %s \xc2\xb1 %.2g", e, cell->bound[s]);
        }
        fputc('\n', out);
    }
}

static void print_ep(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    int places = places_of(f);
    char a[160];
    if (p->nrules == 1) {
        ep_text(p, r, 0, -1, 0, places, a, sizeof a, NULL);
        fprintf(out, "answer:   E(next_score) = %s points (%s)\n", a, ep_note);
    } else {
        int w = (int)strlen(p->label[0]);
        if ((int)strlen(p->label[1]) > w)
            w = (int)strlen(p->label[1]);
        fprintf(out, "answer:   E(next_score) (%s)\n", ep_note);
        for (int s = 0; s < 2; s++) {
            ep_text(p, r, s, -1, 0, places, a, sizeof a, NULL);
            fprintf(out, "  %-*s  %s points\n", w, p->label[s], a);
        }
        ep_text(p, r, 2, -1, 0, places, a, sizeof a, NULL);
        fprintf(out, "  %-*s  %s points  (the second minus the first)\n", w, "change", a);
    }
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        if (p->applies[d] && p->n[d] > 1)
            ep_breakdown(out, p, r, d, places);
    if (f->cells && r->ncells > 1)
        ep_cells(out, p, r, places);
}

/* ---- best ---- */

static const char *choice_label(pb_drive_choice_kind k)
{
    return k == PB_CHOICE_GO ? "go" : k == PB_CHOICE_FG ? "field goal" : "punt";
}

/* The second best call. */
static pb_drive_choice_kind runner_up(const pb_drive_choice *c)
{
    double v[3] = {c->go, c->fg, c->punt};
    int next = -1;
    for (int k = 0; k < 3; k++)
        if (k != (int)c->best && (next < 0 || v[k] > v[next]))
            next = k;
    return (pb_drive_choice_kind)next;
}

static void mixes_text(const pb_ask_best *b, char *buf, size_t len)
{
    static const char *const calls[] = {"run", "short", "long", "field goal", "punt"};
    size_t used = 0;
    int w = snprintf(buf, len, "offense");
    used = w > 0 ? (size_t)w : 0;
    for (int c = 0; c < PB_DRIVE_CALLS && used < len; c++)
        if (b->off_mix[c] >= 5e-5) {
            w = snprintf(buf + used, len - used, " %s %.1f%%", calls[c], 100 * b->off_mix[c]);
            used += w > 0 ? (size_t)w : 0;
        }
    if (b->off_mix[PB_DRIVE_FG] + b->off_mix[PB_DRIVE_PUNT] >= 1 - 1e-12) {
        if (used < len)
            snprintf(buf + used, len - used, "; defense any (a kick does not depend on it)");
        return;
    }
    if (used < len) {
        w = snprintf(buf + used, len - used, "; defense");
        used += w > 0 ? (size_t)w : 0;
    }
    for (int j = 0; j < 5 && used < len; j++)
        if (b->def_mix[j] >= 5e-5) {
            w = snprintf(buf + used, len - used, " D%d %.1f%%", j + 1, 100 * b->def_mix[j]);
            used += w > 0 ? (size_t)w : 0;
        }
}

static void best_block(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, int s, int places)
{
    const pb_ask_best *b = &r->best[s];
    const pb_drive_choice *c = &b->choice;
    const pb_ask_cell *cell = &r->cells[0];
    char v[3][64], m[64], e[64], mix[256];
    dec_d(v[0], sizeof v[0], c->go, places);
    dec_d(v[1], sizeof v[1], c->fg, places);
    dec_d(v[2], sizeof v[2], c->punt, places);
    dec_d(m, sizeof m, c->margin, places);
    dec_d(e, sizeof e, cell->ep[s], places);
    if (p->nrules == 2)
        fprintf(out, "answer (%s):\n", p->label[s]);
    fprintf(out, "answer:   best = %s, by %s points over the %s\n", choice_label(c->best), m,
            choice_label(runner_up(c)));
    fprintf(out, "  go          EP %s   P(first down or touchdown) %.2f%%\n", v[0], 100 * c->go_convert);
    if (c->fg_allowed) {
        char miss[64];
        dec_d(miss, sizeof miss, c->fg_ep_miss, places);
        fprintf(out, "  field goal  EP %s   P(good) %.2f%%; EP if good 3, if missed %s\n", v[1], 100 * c->fg_good,
                miss);
    } else {
        int t, dn, y;
        pb_ask_cell_state(p, s, cell, &t, &dn, &y);
        fprintf(out, "  field goal  not allowed from togo %d (at most %d)\n", t, p->rules[s].fg_max_togo);
    }
    fprintf(out, "  punt        EP %s\n", v[2]);
    mixes_text(b, mix, sizeof mix);
    fprintf(out, "  state       EP %s \xc2\xb1 %.2g; equilibrium mixes: %s\n", e, cell->bound[s], mix);
}

static void print_best(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    int places = places_of(f), ns = p->nrules;
    if (r->ncells == 1) {
        for (int s = 0; s < ns; s++) {
            if (s)
                fputc('\n', out);
            best_block(out, p, r, s, places);
        }
        if (ns == 2) {
            pb_drive_choice_kind a = r->best[0].choice.best, b = r->best[1].choice.best;
            char d[64];
            mpq_t x;
            mpq_init(x);
            mpq_sub(x, r->cells[0].num[1], r->cells[0].num[0]);
            dec(d, sizeof d, x, places, true);
            mpq_clear(x);
            fprintf(out, "\nchange:   %s%s%s; EP %s (the second minus the first)\n", a == b ? "the same call, " : "",
                    choice_label(a), a == b ? "" : b == PB_CHOICE_GO ? " -> go" : b == PB_CHOICE_FG ? " -> field goal"
                                                                                                 : " -> punt", d);
        }
        return;
    }
    /* several states: the share of the weight where each call is best */
    mpq_t share[2][3], t;
    mpq_init(t);
    for (int s = 0; s < ns; s++)
        for (int k = 0; k < 3; k++)
            mpq_init(share[s][k]);
    for (long c = 0; c < r->ncells; c++)
        for (int s = 0; s < ns; s++) {
            int k = (int)r->best[c * ns + s].choice.best;
            mpq_add(share[s][k], share[s][k], r->cells[c].weight);
        }
    fprintf(out, "answer:   best at %ld states (each state's share of the weight)\n", r->ncells);
    for (int s = 0; s < ns; s++) {
        char pc[3][64], a[160];
        for (int k = 0; k < 3; k++) {
            char *x = pb_ask_decimal_text(share[s][k], 2, true);
            snprintf(pc[k], sizeof pc[k], "%s", x ? x : "?");
            free(x);
        }
        ep_text(p, r, s, -1, 0, places, a, sizeof a, NULL);
        fprintf(out, "  %s%sgo %s, field goal %s, punt %s; E(next_score) = %s points\n", ns == 2 ? p->label[s] : "",
                ns == 2 ? ": " : "", pc[0], pc[1], pc[2], a);
    }
    for (int s = 0; s < ns; s++)
        for (int k = 0; k < 3; k++)
            mpq_clear(share[s][k]);
    mpq_clear(t);
    fprintf(out, "\nby state:\n  togo  down  ytg  weight    ");
    if (ns == 1)
        fprintf(out, "best        margin     go          field goal  punt        mixes\n");
    else
        fprintf(out, "%-28s  %-28s  change\n", p->label[0], p->label[1]);
    for (long c = 0; c < r->ncells; c++) {
        const pb_ask_cell *cell = &r->cells[c];
        int t2, dn, y;
        char w[64];
        pb_ask_cell_state(p, 0, cell, &t2, &dn, &y);
        weight_str(p, cell->weight, w, sizeof w);
        char dl[16];
        pb_ask_value_label(p, PB_ASK_DIM_DOWN, dn, dl, sizeof dl);
        fprintf(out, "  %-4d  %-4s  %-3d  %-8s", t2, dl, y, w);
        if (ns == 1) {
            const pb_ask_best *b = &r->best[c];
            char v[4][64], mix[256];
            dec_d(v[0], sizeof v[0], b->choice.margin, places);
            dec_d(v[1], sizeof v[1], b->choice.go, places);
            if (b->choice.fg_allowed)
                dec_d(v[2], sizeof v[2], b->choice.fg, places);
            else
                snprintf(v[2], sizeof v[2], "-");
            dec_d(v[3], sizeof v[3], b->choice.punt, places);
            mixes_text(b, mix, sizeof mix);
            fprintf(out, "  %-10s  %-9s  %-10s  %-10s  %-10s  %s\n", choice_label(b->choice.best), v[0], v[1], v[2],
                    v[3], mix);
        } else {
            for (int s = 0; s < 2; s++) {
                const pb_ask_best *b = &r->best[c * 2 + s];
                char mg[64], cell_text[96];
                dec_d(mg, sizeof mg, b->choice.margin, places);
                snprintf(cell_text, sizeof cell_text, "%s by %s", choice_label(b->choice.best), mg);
                fprintf(out, "  %-28s", cell_text);
            }
            pb_drive_choice_kind a = r->best[c * 2].choice.best, b = r->best[c * 2 + 1].choice.best;
            fprintf(out, "  %s%s%s\n", a == b ? "same" : choice_label(a), a == b ? "" : " -> ",
                    a == b ? "" : choice_label(b));
        }
    }
}

void pb_ask_drive_print_text(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    fprintf(out, "question: %s\n", p->q->text);
    pb_ask_print_read_as(out, p, r, f);
    if (p->q->measure == PB_ASK_MEASURE_EP)
        print_ep(out, p, r, f);
    else
        print_best(out, p, r, f);
}

/* ---- JSON ---- */

static json_t *json_w(const pb_ask_plan *p, mpq_srcptr w)
{
    if (p->field)
        return json_real(mpq_get_d(w));
    char *s = pb_ask_fraction_text(w);
    json_t *j = s ? json_string(s) : json_null();
    free(s);
    return j;
}

static json_t *json_num(double v) { return isfinite(v) ? json_real(v) : json_null(); }

/* [{"value":EP,"bound":b,"decimal":"1.911877","ruleset":...}] of a row. */
static json_t *ep_answers(const pb_ask_plan *p, const pb_ask_result *r, int d, int vi, int places)
{
    json_t *a = json_array();
    mpq_t v;
    mpq_init(v);
    for (int s = 0; s < p->nrules; s++) {
        double b;
        bool uw;
        row_value(p, r, s, d, vi, v, &b, &uw);
        char t[128];
        dec(t, sizeof t, v, places, false);
        json_t *o = json_pack("{s:o,s:o,s:s,s:s}", "value", json_num(mpq_get_d(v)), "bound", json_num(b), "decimal", t,
                              "ruleset", p->label[s]);
        if (uw && p->field)
            json_object_set_new(o, "reached", json_false());
        json_array_append_new(a, o);
    }
    mpq_clear(v);
    return a;
}

static json_t *state_of_cell(const pb_ask_plan *p, const pb_ask_cell *cell)
{
    int t, dn, y;
    pb_ask_cell_state(p, 0, cell, &t, &dn, &y);
    json_t *o = json_pack("{s:i,s:i,s:i}", "togo", t, "down", dn, "ytg", y);
    json_object_set_new(o, "weight", json_w(p, cell->weight));
    return o;
}

static json_t *best_json(const pb_ask_plan *p, const pb_ask_cell *cell, const pb_ask_best *b, int s)
{
    static const char *const calls[] = {"run", "short", "long", "field_goal", "punt"};
    const pb_drive_choice *c = &b->choice;
    json_t *o = json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o}", "ruleset", p->label[s], "best",
                          pb_drive_choice_name(c->best), "margin", json_num(c->margin), "ep", json_num(cell->ep[s]),
                          "bound", json_num(cell->bound[s]), "go", json_num(c->go), "go_convert",
                          json_num(c->go_convert), "punt", json_num(c->punt));
    json_object_set_new(o, "field_goal", c->fg_allowed ? json_num(c->fg) : json_null());
    json_object_set_new(o, "fg_good", c->fg_allowed ? json_num(c->fg_good) : json_null());
    json_object_set_new(o, "fg_ep_miss", c->fg_allowed ? json_num(c->fg_ep_miss) : json_null());
    json_t *om = json_object();
    for (int k = 0; k < PB_DRIVE_CALLS; k++)
        json_object_set_new(om, calls[k], json_real(b->off_mix[k]));
    json_object_set_new(o, "offense_mix", om);
    json_t *dm = json_array();
    for (int j = 0; j < 5; j++)
        json_array_append_new(dm, json_real(b->def_mix[j]));
    json_object_set_new(o, "defense_mix", dm);
    return o;
}

char *pb_ask_drive_json(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    const pb_ask_query *q = p->q;
    int places = places_of(f), ns = p->nrules;
    json_t *root = json_object();
    json_object_set_new(root, "question", json_string(q->text));
    json_object_set_new(root, "read", pb_ask_json_read(p, r, f));
    if (q->measure == PB_ASK_MEASURE_EP) {
        json_object_set_new(root, "answer", ep_answers(p, r, -1, 0, places));
        if (ns == 2) {
            mpq_t v[2];
            double b[2];
            bool uw;
            mpq_inits(v[0], v[1], NULL);
            row_value(p, r, 0, -1, 0, v[0], &b[0], &uw);
            row_value(p, r, 1, -1, 0, v[1], &b[1], &uw);
            mpq_sub(v[1], v[1], v[0]);
            json_object_set_new(root, "change",
                                json_pack("{s:o,s:o}", "value", json_num(mpq_get_d(v[1])), "bound", json_num(b[0] + b[1])));
            mpq_clears(v[0], v[1], NULL);
        }
        json_t *bd = json_object();
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
            if (!p->applies[d] || p->n[d] < 2)
                continue;
            json_t *rows = json_array();
            for (int i = 0; i < p->n[d]; i++) {
                json_t *row = json_object();
                json_object_set_new(row, pb_ask_dim_name((pb_ask_dim)d), json_integer(p->v[d][i]));
                json_object_set_new(row, "weight", json_w(p, pb_ask_value_weight(p, r, d, i)));
                json_object_set_new(row, "answer", ep_answers(p, r, d, i, places));
                json_array_append_new(rows, row);
            }
            json_object_set_new(bd, pb_ask_dim_name((pb_ask_dim)d), rows);
        }
        json_object_set_new(root, "breakdown", bd);
        if (f->cells) {
            json_t *cells = json_array();
            for (long c = 0; c < r->ncells; c++) {
                const pb_ask_cell *cell = &r->cells[c];
                json_t *o = state_of_cell(p, cell);
                json_t *ans = json_array();
                for (int s = 0; s < ns; s++)
                    json_array_append_new(ans, json_pack("{s:o,s:o,s:s}", "value", json_num(cell->ep[s]), "bound",
                                                         json_num(cell->bound[s]), "ruleset", p->label[s]));
                json_object_set_new(o, "answer", ans);
                json_array_append_new(cells, o);
            }
            json_object_set_new(root, "cells", cells);
        }
    } else {
        json_t *ans = json_array();
        for (int s = 0; s < ns; s++) {
            double w[3] = {0, 0, 0}, tot = 0;
            for (long c = 0; c < r->ncells; c++) {
                double x = mpq_get_d(r->cells[c].weight);
                w[r->best[c * ns + s].choice.best] += x;
                tot += x;
            }
            json_t *sh = json_pack("{s:f,s:f,s:f}", "go", tot > 0 ? w[0] / tot : 0, "field_goal",
                                   tot > 0 ? w[1] / tot : 0, "punt", tot > 0 ? w[2] / tot : 0);
            json_t *o = json_pack("{s:s,s:o}", "ruleset", p->label[s], "share", sh);
            json_t *ep = ep_answers(p, r, -1, 0, places);
            json_t *mine = json_array_get(ep, (size_t)s);
            json_object_set(o, "ep", json_object_get(mine, "value"));
            json_object_set(o, "bound", json_object_get(mine, "bound"));
            json_decref(ep);
            json_array_append_new(ans, o);
        }
        json_object_set_new(root, "answer", ans);
        json_t *states = json_array();
        for (long c = 0; c < r->ncells; c++) {
            json_t *o = state_of_cell(p, &r->cells[c]);
            json_t *a = json_array();
            for (int s = 0; s < ns; s++)
                json_array_append_new(a, best_json(p, &r->cells[c], &r->best[c * ns + s], s));
            json_object_set_new(o, "answer", a);
            json_array_append_new(states, o);
        }
        json_object_set_new(root, "states", states);
    }
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}
