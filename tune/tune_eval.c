/* tune/tune_eval.c: one row evaluated: every target of the tune asked of one varied ruleset.
 *
 * A play- or drive-level term is planned and answered by `ask` (pb_ask_plan_init with the
 * ruleset as data, pb_ask_run, pb_ask_answer): the same numbers `ask --ruleset EDITED` prints. A
 * P or E answer is exact; an E(next_score) answer is the drive solver's midpoint with the
 * weighted mean of its states' certified bounds (as `ask` reports it). A game-level term reads
 * the moment from the value file of the ruleset in the cache folder (named by the ruleset's
 * fingerprint: a file of another ruleset is never read), or solves the game, writes the file and
 * reads it back, so that a value is the same whether it was solved now or cached.
 * 'A - B' subtracts exactly; the bounds add. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wp_file.h"
#include "tune_internal.h"

void pb_tune_value_init(pb_tune_value *v)
{
    memset(v, 0, sizeof *v);
    mpq_init(v->q);
}

void pb_tune_value_clear(pb_tune_value *v) { mpq_clear(v->q); }

static int ask_term(pb_tune *t, const pb_tune_term *term, const pb_ruleset *rs, const char *combo, pb_tune_value *out,
                    bool *usage, char *err, size_t errlen)
{
    pb_ask_defaults d = t->o.ask;
    d.ruleset = NULL;
    d.rules = rs;
    d.nswitches = 0;
    d.policies = t->o.policies;
    pb_ask_plan *p = malloc(sizeof *p);
    pb_ask_result *r = malloc(sizeof *r);
    if (!p || !r) {
        free(p);
        free(r);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_ask_error e;
    int st = pb_ask_plan_init(p, &term->q, &d, NULL, &e);
    if (st != 0) {
        char where[1400];
        pb_ask_error_format(&e, term->text, t->defines, 1, where, sizeof where);
        snprintf(err, errlen, "--target: '%s' with %s: %s", term->text, combo, where);
        *usage = true;
        pb_ask_plan_release(p);
        free(p);
        free(r);
        return -1;
    }
    char msg[512];
    if (pb_ask_run(p, r, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "--target: '%s' with %s: %s", term->text, combo, msg);
        st = -1;
    } else if (term->choice >= 0) {
        if (r->ncells != 1 || !r->best) {
            snprintf(err, errlen, "--target: '%s': best(...) is the EP of one choice at one state: give togo, down "
                     "and ytg one value each", term->text);
            *usage = true;
            st = -1;
        } else {
            const pb_drive_choice *c = &r->best[0].choice;
            double v = term->choice == PB_CHOICE_GO ? c->go : term->choice == PB_CHOICE_FG ? c->fg : c->punt;
            out->defined = term->choice != PB_CHOICE_FG || c->fg_allowed;
            if (out->defined)
                mpq_set_d(out->q, v);
            out->exact = false;
            /* a choice's EP is a mean of successors' EPs (plus points): within the largest bound */
            out->bound = r->solver[0].stats.max_bound;
        }
    } else {
        out->defined = pb_ask_answer(p, r, 0, -1, 0, out->q);
        out->exact = term->q.measure != PB_ASK_MEASURE_EP;
        out->bound = 0;
        if (!out->exact) {
            double wb = 0, ws = 0;
            for (long c = 0; c < r->ncells; c++) {
                double w = mpq_get_d(r->cells[c].weight);
                ws += w;
                wb += w * r->cells[c].bound[0];
            }
            out->bound = ws > 0 ? wb / ws : 0;
        }
    }
    pb_ask_result_release(r);
    pb_ask_plan_release(p);
    free(p);
    free(r);
    return st;
}

/* cache/tune-<name>-<fingerprint hash>.pbv */
static int value_path(const pb_tune *t, const pb_ruleset *rs, char *path, size_t len, char *err, size_t errlen)
{
    char fp[1024];
    if (pb_wp_file_fingerprint(rs, &t->o.policies, fp, sizeof fp) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uint64_t h = 14695981039346656037ull;
    for (const char *c = fp; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    char name[PB_NAME_MAX];
    snprintf(name, sizeof name, "%s", rs->name);
    for (char *c = name; *c; c++)
        if (*c == '/' || *c == ' ')
            *c = '_';
    snprintf(path, len, "%s/tune-%s-%016llx.pbv", t->o.cache ? t->o.cache : "out", name, (unsigned long long)h);
    return 0;
}

static int game_term(pb_tune *t, const pb_tune_term *term, const pb_ruleset *rs, const char *combo, int threads,
                     pb_tune_value *out, bool *usage, char *err, size_t errlen)
{
    char path[1200], msg[PB_ERR_MAX];
    if (value_path(t, rs, path, sizeof path, err, errlen) != 0)
        return -1;
    int cap = pb_wp_lead_cap_for(rs, t->o.lead_cap);
    pb_wp *w = NULL;
    struct stat sb;
    if (stat(path, &sb) != 0 || pb_wp_file_read_moment(&w, path, rs, &t->o.policies, cap, &term->gq.m, msg,
                                                       sizeof msg) != 0) {
        pb_wp_free(w);
        w = NULL;
        pb_wp_opts o;
        memset(&o, 0, sizeof o);
        o.rules = rs;
        o.policies = t->o.policies;
        o.threads = threads;
        o.lead_cap = t->o.lead_cap;
        if (pb_wp_solve(&w, &o, msg, sizeof msg) != 0) {
            snprintf(err, errlen, "the game solver (%s): %s", combo, msg);
            return -1;
        }
        const char *dir = t->o.cache ? t->o.cache : "out";
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "--cache: %s: %s", dir, strerror(errno));
            *usage = true;
            pb_wp_free(w);
            return -1;
        }
        int st = pb_wp_file_write(w, path, msg, sizeof msg);
        pb_wp_free(w);
        w = NULL;
        if (st != 0 || pb_wp_file_read_moment(&w, path, rs, &t->o.policies, cap, &term->gq.m, msg, sizeof msg) != 0) {
            snprintf(err, errlen, "--cache: %s", msg);
            pb_wp_free(w);
            return -1;
        }
    }
    pb_ask_game_answer a;
    int st = pb_ask_game_answer_get(w, &term->gq, &a, msg, sizeof msg);
    pb_wp_free(w);
    if (st != 0) {
        snprintf(err, errlen, "--target: '%s' with %s: %s", term->text, combo, msg);
        *usage = true;
        return -1;
    }
    double v = a.value.wp, b = a.value.bound;
    if (term->gq.measure == PB_ASK_GAME_TIMEOUT) {
        v -= a.without.wp;
        b += a.without.bound;
    }
    mpq_set_d(out->q, v);
    out->bound = b;
    out->exact = false;
    out->defined = true;
    return 0;
}

int pb_tune_eval_row(pb_tune *t, const pb_ruleset *rs, pb_tune_row *row, const char *combo, int threads, bool *usage,
                     char *err, size_t errlen)
{
    pb_tune_value part;
    pb_tune_value_init(&part);
    for (int i = 0; i < t->ntargets; i++) {
        const pb_tune_tgt *g = &t->tgt[i];
        pb_tune_value *v = &row->t[i];
        mpq_set_ui(v->q, 0, 1);
        v->bound = 0;
        v->exact = true;
        v->defined = true;
        for (int k = 0; k < g->nterms; k++) {
            const pb_tune_term *term = &g->term[k];
            int st = term->game ? game_term(t, term, rs, combo, threads, &part, usage, err, errlen)
                                : ask_term(t, term, rs, combo, &part, usage, err, errlen);
            if (st != 0) {
                pb_tune_value_clear(&part);
                return -1;
            }
            if (!part.defined)
                v->defined = false;
            if (term->sign > 0)
                mpq_add(v->q, v->q, part.q);
            else
                mpq_sub(v->q, v->q, part.q);
            v->bound += part.bound;
            v->exact = v->exact && part.exact;
        }
    }
    pb_tune_value_clear(&part);
    pb_tune_score(t, row);
    return 0;
}
