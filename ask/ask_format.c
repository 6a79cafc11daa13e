/* ask/ask_format.c: an answered question written for people (text), and what the text and the
 * JSON (ask_json.c) share: exact numbers as strings, the measure, the names a question uses.
 *
 * Text: the question, how it was read (the measure, what each event means, every dimension
 * with its values and defaults, ruleset, policies, weights), the answer (exact fraction in
 * lowest terms and a correctly rounded percentage or decimal, core/exact.h), then one
 * breakdown per dimension with more than one value (runs of positions with the same answer
 * share a row), and with `cells` every cell. Side by side with `vs`, plus the change.
 * The drive solver's measures (E(next_score), best) share "read as" and are written by
 * ask_drive_format.c. With --weight field the weights are doubles (expected visits), so the
 * answer is given as a decimal (its exact fraction, in the JSON, has the doubles' denominators). */
#include <stdlib.h>
#include <string.h>

#include "ask_internal.h"
#include "exact.h"

/* ---- numbers ---- */
char *pb_ask_fraction_text(const mpq_t q)
{
    size_t n = pb_exact_fraction_size(q);
    char *s = malloc(n);
    if (s)
        pb_exact_fraction(s, n, q);
    return s;
}

char *pb_ask_decimal_text(const mpq_t q, int places, bool percent)
{
    size_t n = pb_exact_decimal_size(q, places) + 2;
    char *s = malloc(n);
    if (!s)
        return NULL;
    if (percent)
        pb_exact_percent(s, n, q, places);
    else
        pb_exact_decimal(s, n, q, places);
    return s;
}

/* A signed change: "+1/36", "-2.78". */
static char *signed_text(char *s, int sign)
{
    if (!s || sign <= 0 || s[0] == '-')
        return s;
    size_t n = strlen(s);
    char *t = malloc(n + 2);
    if (t) {
        t[0] = '+';
        memcpy(t + 1, s, n + 1);
    }
    free(s);
    return t;
}

static const char *unit(const pb_ask_query *q)
{
    if (q->measure == PB_ASK_MEASURE_P)
        return "";
    return q->quantity == PB_ASK_Q_POINTS ? " points" : " yards";
}

/* The answer as "fraction" and "percent or decimal" strings (malloc'd; "undefined" when the
 * condition never happens). */
static void answer_strings(const pb_ask_query *q, bool defined, const mpq_t v, int places, char **frac, char **dec)
{
    if (!defined) {
        *frac = strdup("undefined");
        *dec = strdup("(never happens)");
        return;
    }
    *frac = pb_ask_fraction_text(v);
    *dec = pb_ask_decimal_text(v, places, q->measure == PB_ASK_MEASURE_P);
}

/* ---- labels ---- */
void pb_ask_value_label(const pb_ask_plan *p, int d, int v, char *buf, size_t len)
{
    static const char *const nth[] = {"?", "1st", "2nd", "3rd", "4th"};
    switch ((pb_ask_dim)d) {
    case PB_ASK_DIM_OFFENSE: snprintf(buf, len, "%s", pb_offense_name((pb_offense)v)); break;
    case PB_ASK_DIM_CARD:
        if (v == PB_CARD_DECK)
            snprintf(buf, len, "deck");
        else if (v == 0)
            snprintf(buf, len, "none");
        else
            snprintf(buf, len, "%02d %s", v, p->rules[0].card[v - 1].name);
        break;
    case PB_ASK_DIM_DOWN: snprintf(buf, len, "%s", v >= 1 && v <= 4 ? nth[v] : "?"); break;
    case PB_ASK_DIM_YTG:
        if (v == 0)
            snprintf(buf, len, "%d, or goal to go inside the %d", p->rules[0].first_down_yards,
                     p->rules[0].first_down_yards);
        else
            snprintf(buf, len, "%d", v);
        break;
    case PB_ASK_DIM_LEAD: snprintf(buf, len, v > 0 ? "+%d" : "%d", v); break;
    case PB_ASK_DIM_TIMEOUTS: snprintf(buf, len, "%d,%d", v / 10, v % 10); break;
    default: snprintf(buf, len, "%d", v); break;
    }
}

#define value_label pb_ask_value_label

mpq_srcptr pb_ask_value_weight(const pb_ask_plan *p, const pb_ask_result *r, int d, int i)
{
    return p->field && r ? r->mw[d][i] : p->w[d][i];
}

/* A weight as text: the exact fraction, or with --weight field a decimal (malloc'd). */
static char *weight_text(const pb_ask_plan *p, mpq_srcptr w)
{
    if (!p->field)
        return pb_ask_fraction_text(w);
    char *s = malloc(32);
    if (s)
        snprintf(s, 32, "%.6f", mpq_get_d(w));
    return s;
}

static bool numeric_dim(int d)
{
    return d == PB_ASK_DIM_DEFENSE || d == PB_ASK_DIM_TOGO || d == PB_ASK_DIM_DOWN || d == PB_ASK_DIM_LEAD ||
           (d == PB_ASK_DIM_CARD);
}

/* The values of a dimension, runs written a..b: "1..20", "run, long", "deck". */
static void values_text(const pb_ask_plan *p, int d, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    int n = p->n[d];
    for (int i = 0; i < n && used + 1 < len;) {
        int j = i;
        if (numeric_dim(d) && p->v[d][i] > 0)
            while (j + 1 < n && p->v[d][j + 1] == p->v[d][j] + 1)
                j++;
        char a[96], b[96];
        value_label(p, d, p->v[d][i], a, sizeof a);
        if (d == PB_ASK_DIM_CARD && p->v[d][i] > 0)
            snprintf(a, sizeof a, "%02d", p->v[d][i]);
        int w;
        if (j > i + 1 || (j == i + 1 && d != PB_ASK_DIM_OFFENSE)) {
            value_label(p, d, p->v[d][j], b, sizeof b);
            if (d == PB_ASK_DIM_CARD)
                snprintf(b, sizeof b, "%02d", p->v[d][j]);
            w = snprintf(buf + used, len - used, "%s%s..%s", used ? ", " : "", a, b);
        } else {
            j = i;
            w = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", a);
        }
        if (w < 0 || (size_t)w >= len - used)
            break;
        used += (size_t)w;
        i = j + 1;
    }
}

/* Append s to buf (used bytes so far), cut to fit. */
static void cat(char *buf, size_t len, size_t *used, const char *s)
{
    size_t n = strlen(s);
    if (*used + 1 >= len)
        return;
    if (n > len - 1 - *used)
        n = len - 1 - *used;
    memcpy(buf + *used, s, n);
    *used += n;
    buf[*used] = '\0';
}

void pb_ask_measure_text(const pb_ask_query *q, const pb_ask_defines *defs, char *buf, size_t len)
{
    char text[1024];
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    if (q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST) {
        cat(buf, len, &used, q->measure == PB_ASK_MEASURE_EP ? "E(next_score)" : "best");
        return;
    }
    if (q->measure == PB_ASK_MEASURE_P) {
        pb_ask_event_text(q, q->event, defs, text, sizeof text);
        cat(buf, len, &used, "P(");
        cat(buf, len, &used, text);
    } else {
        cat(buf, len, &used, "E(");
        cat(buf, len, &used, pb_ask_quantity_get(q->quantity)->name);
    }
    if (q->given >= 0) {
        pb_ask_event_text(q, q->given, defs, text, sizeof text);
        cat(buf, len, &used, " | ");
        cat(buf, len, &used, text);
    }
    cat(buf, len, &used, ")");
}

static void collect(const pb_ask_query *q, int node, pb_ask_names *u)
{
    if (node < 0)
        return;
    const pb_ask_node *n = &q->nodes[node];
    int i;
    switch (n->kind) {
    case PB_ASK_ATOM:
        for (i = 0; i < u->natoms && u->atoms[i] != n->atom; i++) {}
        if (i == u->natoms)
            u->atoms[u->natoms++] = n->atom;
        break;
    case PB_ASK_CMP:
        for (i = 0; i < u->nquants && u->quants[i] != n->atom; i++) {}
        if (i == u->nquants)
            u->quants[u->nquants++] = n->atom;
        break;
    case PB_ASK_DEF:
        for (i = 0; i < u->ndefs && u->defs[i] != n->atom; i++) {}
        if (i == u->ndefs)
            u->defs[u->ndefs++] = n->atom;
        collect(q, n->a, u);
        break;
    default:
        collect(q, n->a, u);
        collect(q, n->b, u);
        break;
    }
}

/* Is the quantity also compared somewhere in the question? */
static bool cmp_in(const pb_ask_query *q, int node, int quantity)
{
    if (node < 0)
        return false;
    const pb_ask_node *n = &q->nodes[node];
    if (n->kind == PB_ASK_CMP)
        return n->atom == quantity;
    if (n->kind == PB_ASK_ATOM)
        return false;
    return cmp_in(q, n->a, quantity) || (n->kind != PB_ASK_DEF && cmp_in(q, n->b, quantity));
}

static bool collect_cmp_too(const pb_ask_query *q, int quantity)
{
    return cmp_in(q, q->given, quantity);
}

void pb_ask_names_used(const pb_ask_query *q, pb_ask_names *u)
{
    memset(u, 0, sizeof *u);
    if (q->measure == PB_ASK_MEASURE_E)
        u->quants[u->nquants++] = q->quantity;
    collect(q, q->event, u);
    collect(q, q->given, u);
}

static const char *dim_note(const pb_ask_plan *p, int d, char *buf, size_t len)
{
    const pb_ask_query *q = p->q;
    buf[0] = '\0';
    if (d == PB_ASK_DIM_TOGO && q->zone != PB_ASK_ZONE_NONE) {
        int lo, hi;
        pb_ask_zone_range(q->zone, &p->rules[0], &lo, &hi);
        snprintf(buf, len, " (zone %s: togo %d..%d%s%s)", pb_ask_zone_name(q->zone), lo, hi,
                 q->zone == PB_ASK_ZONE_RED ? " in " : "", q->zone == PB_ASK_ZONE_RED ? p->rules[0].name : "");
    } else if (d == PB_ASK_DIM_TOGO && p->open[d]) {
        snprintf(buf, len, " (left open: every field position%s)",
                 q->action == PB_ACTION_FIELD_GOAL ? " in field goal range" : "");
    } else if (p->open[d]) {
        snprintf(buf, len, " (left open: every value)");
    } else if (d == PB_ASK_DIM_CARD && p->n[d] == 1 && p->v[d][0] == PB_CARD_DECK) {
        snprintf(buf, len, " (the play card turned from the deck: each of the 24, 1/24)");
    } else if (d == PB_ASK_DIM_TIMEOUTS) {
        snprintf(buf, len, " (offense, defense)");
    } else if (d == PB_ASK_DIM_YTG && p->ytg_clipped) {
        snprintf(buf, len, " (goal to go where togo is shorter)");
    }
    return buf;
}

/* ---- text ---- */
const char pb_ask_next_score_meaning[] =
    "the points of the next score for the team with the ball, + when it scores them, - when the opponent "
    "does (touchdown 6 + the try, field goal 3, safety -2): the drive solver's expected points (EP), both "
    "sides playing its equilibrium mixes";
const char pb_ask_best_meaning[] =
    "go (run, short or long, at equilibrium), field goal or punt: the call with the highest next-score "
    "expected points (the state's EP is the best of the three)";

/* The weights line of "read as". */
static void weights_line(FILE *out, const pb_ask_plan *p, const pb_ask_result *r)
{
    const pb_ask_query *q = p->q;
    char buf[2048];
    size_t used = 0;
    buf[0] = '\0';
    if (p->field) {
        int w = snprintf(buf, sizeof buf, "togo, down, ytg from the field: expected snaps per drive from the kickoff "
                         "in %s", p->label[0]);
        if (r && r->solver[0].visits && w > 0 && (size_t)w < sizeof buf)
            w += snprintf(buf + w, sizeof buf - (size_t)w, " (%.4f snaps a drive)", r->solver[0].snaps);
        if (w > 0 && (size_t)w < sizeof buf)
            used = (size_t)w;
    }
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!p->applies[d] || p->n[d] < 2 || (p->field && pb_ask_field_dim(d)))
            continue;
        int w;
        if (p->weighted[d]) {
            w = snprintf(buf + used, sizeof buf - used, "%s%s from the --weight file (see below)", used ? "; " : "",
                         pb_ask_dim_name((pb_ask_dim)d));
        } else {
            w = snprintf(buf + used, sizeof buf - used, "%s%s uniform, 1/%d each", used ? "; " : "",
                         pb_ask_dim_name((pb_ask_dim)d), p->n[d]);
        }
        if (w > 0 && (size_t)w < sizeof buf - used)
            used += (size_t)w;
    }
    if (used) {
        fprintf(out, "  %-10s %s\n", "weights", buf);
        if ((q->measure == PB_ASK_MEASURE_E && pb_ask_quantity_get(q->quantity)->partial) || q->given >= 0)
            fprintf(out, "  %-10s the cells are mixed with these weights; the answer is the mixture's own "
                    "(a ratio of weighted sums)\n", "");
    }
}

/* The solver's figures, one line per ruleset. */
static void solver_lines(FILE *out, const pb_ask_plan *p, const pb_ask_result *r)
{
    if (!r || !r->solved)
        return;
    bool state = p->q->measure == PB_ASK_MEASURE_EP || p->q->measure == PB_ASK_MEASURE_BEST;
    for (int s = 0; s < (state ? p->nrules : 1); s++) {
        const pb_ask_solver *v = &r->solver[s];
        fprintf(out, "  %-10s %s: %d states, %d sweeps, every EP within \xc2\xb1%.2g (certified), every mix "
                "exploitable by at most %.2g; the try %.6f\n", s ? "" : "solver", p->label[s], v->stats.states,
                v->stats.sweeps, v->stats.max_bound, v->stats.max_exploit, v->try_value);
    }
    if (r->solver[0].visits)
        fprintf(out, "  %-10s the drive: the receiving team's possession after a regular kickoff (touchback or "
                "return by EP) until a score, turnover, failed last down, field goal or punt; a kickoff returned "
                "for a touchdown (%.4f%%) has no snap\n", "field", 100 * r->solver[0].p_return_td);
}

void pb_ask_print_read_as(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    const pb_ask_query *q = p->q;
    char buf[2048], note[256];
    pb_ask_names u;
    pb_ask_names_used(q, &u);
    pb_ask_measure_text(q, f->defines, buf, sizeof buf);
    fprintf(out, "read as:\n  %-10s %s\n", "measure", buf);
    bool state = q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST;
    if (state) {
        fprintf(out, "  %-10s %s\n", q->measure == PB_ASK_MEASURE_EP ? "next_score" : "best",
                q->measure == PB_ASK_MEASURE_EP ? pb_ask_next_score_meaning : pb_ask_best_meaning);
        fprintf(out, "  %-10s a state of a drive (the drive solver: both sides at equilibrium, the play card from "
                "the whole deck each snap, every snap tied with full timeouts)\n", "action");
    }
    for (int i = 0; i < u.ndefs; i++)
        if (f->defines && u.defs[i] < f->defines->count)
            fprintf(out, "  %-10s = %s (--define)\n", f->defines->items[u.defs[i]].name,
                    f->defines->items[u.defs[i]].text);
    for (int i = 0; i < u.natoms; i++)
        fprintf(out, "  %-10s %s\n", pb_ask_atom(u.atoms[i])->name, pb_ask_atom(u.atoms[i])->meaning);
    for (int i = 0; i < u.nquants; i++) {
        const pb_ask_quantity_info *qi = pb_ask_quantity_get(u.quants[i]);
        bool e = q->measure == PB_ASK_MEASURE_E && u.quants[i] == (int)q->quantity;
        fprintf(out, "  %-10s %s\n", !e && u.quants[i] == PB_ASK_Q_YARDS ? "gain" : qi->name,
                e ? qi->meaning : qi->compare);
        if (e && q->given >= 0 && collect_cmp_too(q, u.quants[i]))
            fprintf(out, "  %-10s %s\n", u.quants[i] == PB_ASK_Q_YARDS ? "gain" : qi->name, qi->compare);
    }
    if (!state)
        fprintf(out, "  %-10s %s\n", "action", pb_ask_action_name(q->action));
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!p->applies[d])
            continue;
        values_text(p, d, buf, sizeof buf);
        fprintf(out, "  %-10s %s%s\n", pb_ask_dim_name((pb_ask_dim)d), buf, dim_note(p, d, note, sizeof note));
    }
    if (p->nrules == 2)
        fprintf(out, "  %-10s %s vs %s (side by side)\n", "ruleset", p->label[0], p->label[1]);
    else
        fprintf(out, "  %-10s %s\n", "ruleset", p->label[0]);
    pb_policies_format(&p->policies, buf, sizeof buf);
    fprintf(out, "  %-10s %s\n", "policies", buf);
    weights_line(out, p, r);
    solver_lines(out, p, r);
}

typedef struct {
    char *frac[2], *dec[2], *dfrac, *ddec;
} row_text;

static void row_fill(const pb_ask_plan *p, const pb_ask_result *r, int d, int vi, int places, row_text *t)
{
    mpq_t v[2], diff;
    bool def[2] = {false, false};
    mpq_inits(v[0], v[1], diff, NULL);
    memset(t, 0, sizeof *t);
    bool unreached = p->field && d >= 0 && mpq_sgn(r->mw[d][vi]) == 0;
    for (int s = 0; s < p->nrules; s++) {
        def[s] = !unreached && pb_ask_answer(p, r, s, d, vi, v[s]);
        answer_strings(p->q, def[s], v[s], places, &t->frac[s], &t->dec[s]);
        if (unreached) {
            free(t->dec[s]);
            t->dec[s] = strdup("(never reached)");
        }
        if (p->field && def[s]) {   /* the fraction of doubles: in the JSON only */
            free(t->frac[s]);
            t->frac[s] = strdup("");
        }
    }
    if (p->nrules == 2) {
        if (def[0] && def[1]) {
            mpq_sub(diff, v[1], v[0]);
            t->dfrac = signed_text(pb_ask_fraction_text(diff), mpq_sgn(diff));
            t->ddec = signed_text(pb_ask_decimal_text(diff, places, p->q->measure == PB_ASK_MEASURE_P), mpq_sgn(diff));
            if (t->ddec && p->q->measure == PB_ASK_MEASURE_P) {
                /* a change of probability is in percentage points */
                size_t n = strlen(t->ddec);
                if (n && t->ddec[n - 1] == '%')
                    t->ddec[n - 1] = '\0';
                char *pts = malloc(n + 8);
                if (pts)
                    snprintf(pts, n + 8, "%s pts", t->ddec);
                free(t->ddec);
                t->ddec = pts;
            }
        } else {
            t->dfrac = strdup("-");
            t->ddec = strdup("");
        }
        if (p->field) {
            free(t->dfrac);
            t->dfrac = strdup("");
        }
    }
    mpq_clears(v[0], v[1], diff, NULL);
}

static void row_free(row_text *t)
{
    for (int s = 0; s < 2; s++) {
        free(t->frac[s]);
        free(t->dec[s]);
    }
    free(t->dfrac);
    free(t->ddec);
}

static bool row_same(const pb_ask_plan *p, const pb_ask_result *r, int d, int i, int j)
{
    if ((p->weighted[d] || p->field) &&
        !mpq_equal(pb_ask_value_weight(p, r, d, i), pb_ask_value_weight(p, r, d, j)))
        return false;
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    bool same = true;
    for (int s = 0; s < p->nrules && same; s++) {
        bool da = pb_ask_answer(p, r, s, d, i, a), db = pb_ask_answer(p, r, s, d, j, b);
        same = da == db && (!da || mpq_equal(a, b));
    }
    mpq_clears(a, b, NULL);
    return same;
}

static int width_of(const char *s)
{
    return s ? (int)strlen(s) : 0;
}

static void print_breakdown(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, int d, const pb_ask_format *f)
{
    int n = p->n[d];
    /* rows: runs of equal answers on numeric dimensions */
    int *first = malloc((size_t)n * sizeof *first), *last = malloc((size_t)n * sizeof *last);
    row_text *rows = calloc((size_t)n, sizeof *rows);
    if (!first || !last || !rows) {
        free(first);
        free(last);
        free(rows);
        return;
    }
    int nrows = 0;
    bool runs = d == PB_ASK_DIM_TOGO || d == PB_ASK_DIM_LEAD || d == PB_ASK_DIM_YTG || d == PB_ASK_DIM_DOWN;
    for (int i = 0; i < n;) {
        int j = i;
        while (runs && j + 1 < n && p->v[d][j + 1] == p->v[d][j] + 1 && row_same(p, r, d, i, j + 1))
            j++;
        first[nrows] = i;
        last[nrows] = j;
        row_fill(p, r, d, i, f->places, &rows[nrows]);
        nrows++;
        i = j + 1;
    }
    char label[200], a[96], b[96], wtext[64];
    int lw = (int)strlen(pb_ask_dim_name((pb_ask_dim)d)), fw[2] = {0, 0}, dw[2] = {0, 0}, cw = 0, ww = 6;
    for (int k = 0; k < nrows; k++) {
        value_label(p, d, p->v[d][first[k]], a, sizeof a);
        value_label(p, d, p->v[d][last[k]], b, sizeof b);
        int w = first[k] == last[k] ? (int)strlen(a) : (int)(strlen(a) + strlen(b) + 2);
        if (w > lw)
            lw = w;
        for (int s = 0; s < p->nrules; s++) {
            if (width_of(rows[k].frac[s]) > fw[s])
                fw[s] = width_of(rows[k].frac[s]);
            if (width_of(rows[k].dec[s]) > dw[s])
                dw[s] = width_of(rows[k].dec[s]);
        }
        if (width_of(rows[k].dfrac) > cw)
            cw = width_of(rows[k].dfrac);
    }
    fprintf(out, "\nby %s%s:\n", pb_ask_dim_name((pb_ask_dim)d),
            p->ncells > p->n[d] ? " (each row mixes the other dimensions with their weights)" : "");
    /* columns: value [weight] then per side: decimal, fraction; then the change */
    bool wcol = p->weighted[d] || (p->field && pb_ask_field_dim(d));
    if (p->field)
        ww = 8;
    fprintf(out, "  %-*s", lw, pb_ask_dim_name((pb_ask_dim)d));
    if (wcol)
        fprintf(out, "  %-*s", ww, "weight");
    for (int s = 0; s < p->nrules; s++) {
        const char *head = p->nrules == 2 ? p->label[s] : p->q->measure == PB_ASK_MEASURE_P ? "percent" : "mean";
        bool last_col = s == p->nrules - 1 && p->nrules == 1;
        if (last_col)
            fprintf(out, "  %s", head);
        else
            fprintf(out, "  %-*s", dw[s] + 2 + fw[s], head);
    }
    if (p->nrules == 2)
        fprintf(out, "  change");
    fprintf(out, "\n");
    for (int k = 0; k < nrows; k++) {
        value_label(p, d, p->v[d][first[k]], a, sizeof a);
        if (first[k] == last[k]) {
            snprintf(label, sizeof label, "%s", a);
        } else {
            value_label(p, d, p->v[d][last[k]], b, sizeof b);
            snprintf(label, sizeof label, "%s..%s", a, b);
        }
        fprintf(out, "  %-*s", lw, label);
        if (wcol) {
            char *wf = weight_text(p, pb_ask_value_weight(p, r, d, first[k]));
            snprintf(wtext, sizeof wtext, "%s%s", wf ? wf : "?", first[k] == last[k] ? "" : " each");
            free(wf);
            fprintf(out, "  %-*s", ww, wtext);
        }
        for (int s = 0; s < p->nrules; s++) {
            fprintf(out, p->field ? "  %*s" : "  %*s  ", dw[s], rows[k].dec[s] ? rows[k].dec[s] : "?");
            if (p->field)   /* no fraction column: the weights are doubles */
                continue;
            if (p->nrules == 2)
                fprintf(out, "%-*s", fw[s], rows[k].frac[s] ? rows[k].frac[s] : "?");
            else
                fprintf(out, "%s", rows[k].frac[s] ? rows[k].frac[s] : "?");
        }
        if (p->nrules == 2)
            fprintf(out, "  %s  %s", rows[k].ddec ? rows[k].ddec : "", rows[k].dfrac ? rows[k].dfrac : "?");
        fprintf(out, "\n");
        row_free(&rows[k]);
    }
    free(first);
    free(last);
    free(rows);
}

static void print_cells(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    fprintf(out, "\ncells:\n ");
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        if (p->applies[d] && p->n[d] > 1)
            fprintf(out, " %-8s", pb_ask_dim_name((pb_ask_dim)d));
    fprintf(out, "  weight");
    for (int s = 0; s < p->nrules; s++)
        fprintf(out, "  %s", p->nrules == 2 ? p->label[s] : "answer");
    fprintf(out, "\n");
    mpq_t v;
    mpq_init(v);
    for (long c = 0; c < r->ncells; c++) {
        const pb_ask_cell *cell = &r->cells[c];
        char label[96];
        fprintf(out, " ");
        for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
            if (p->applies[d] && p->n[d] > 1) {
                value_label(p, d, p->v[d][cell->idx[d]], label, sizeof label);
                if (d == PB_ASK_DIM_CARD && p->v[d][cell->idx[d]] > 0)
                    snprintf(label, sizeof label, "%02d", p->v[d][cell->idx[d]]);
                fprintf(out, " %-8s", label);
            }
        char *wf = weight_text(p, cell->weight);
        fprintf(out, "  %s", wf ? wf : "?");
        free(wf);
        for (int s = 0; s < p->nrules; s++) {
            char *fr, *dc;
            bool def = mpq_sgn(cell->den[s]) != 0;
            if (def)
                mpq_div(v, cell->num[s], cell->den[s]);
            answer_strings(p->q, def, v, f->places, &fr, &dc);
            fprintf(out, "  %s = %s", fr ? fr : "?", dc ? dc : "?");
            free(fr);
            free(dc);
        }
        fprintf(out, "\n");
    }
    mpq_clear(v);
}

void pb_ask_print_text(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f)
{
    const pb_ask_query *q = p->q;
    char m[2048];
    if (q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST) {
        pb_ask_drive_print_text(out, p, r, f);
        return;
    }
    fprintf(out, "question: %s\n", q->text);
    pb_ask_print_read_as(out, p, r, f);
    pb_ask_measure_text(q, f->defines, m, sizeof m);
    row_text t;
    row_fill(p, r, -1, 0, f->places, &t);
    if (p->nrules == 1) {
        bool undefined = strcmp(t.frac[0], "undefined") == 0;
        if (undefined)
            fprintf(out, "answer:   %s is undefined: the condition never happens here\n", m);
        else if (p->field)
            fprintf(out, "answer:   %s = %s%s (mixed with the field weights; the exact fraction of those doubles "
                    "is in --json)\n", m, t.dec[0], unit(q));
        else if (strlen(t.frac[0]) <= 40)
            fprintf(out, "answer:   %s = %s = %s%s\n", m, t.frac[0], t.dec[0], unit(q));
        else
            fprintf(out, "answer:   %s = %s%s\n          exactly %s\n", m, t.dec[0], unit(q), t.frac[0]);
    } else {
        int w = (int)strlen(p->label[0]);
        if ((int)strlen(p->label[1]) > w)
            w = (int)strlen(p->label[1]);
        if (w < 6)
            w = 6;
        fprintf(out, "answer:   %s\n", m);
        for (int s = 0; s < 2; s++)
            if (p->field)
                fprintf(out, "  %-*s  %s%s\n", w, p->label[s], t.dec[s],
                        strcmp(t.frac[s], "undefined") == 0 ? "" : unit(q));
            else
                fprintf(out, "  %-*s  %s%s  (%s)\n", w, p->label[s], t.dec[s],
                        strcmp(t.frac[s], "undefined") == 0 ? "" : unit(q), t.frac[s]);
        fprintf(out, "  %-*s  %s%s  (%s%sthe second minus the first)\n", w, "change", t.ddec,
                q->measure == PB_ASK_MEASURE_P ? "" : unit(q), t.dfrac, t.dfrac[0] ? "; " : "");
    }
    row_free(&t);
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        if (p->applies[d] && p->n[d] > 1)
            print_breakdown(out, p, r, d, f);
    if (f->cells && r->ncells > 1)
        print_cells(out, p, r, f);
}
