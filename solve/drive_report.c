/* solve/drive_report.c: what the designer reads off a solved drive game (drive.h): go / field
 * goal / punt at a state, touchback or return at each landing spot, kickoff against onside,
 * card values, and the per-state strategy export. Everything is computed from the final
 * values (ep) with the same entry code as the solver (pb_drive_play_entries). */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive_internal.h"
#include "matgame.h"
#include "workers.h"

const char *pb_drive_choice_name(pb_drive_choice_kind k)
{
    static const char *const names[] = {"go", "field_goal", "punt"};
    return (unsigned)k <= PB_CHOICE_PUNT ? names[k] : "?";
}

static double td_value(const pb_drive *d) { return 6 + d->try_.value; }

/* ---- go / field goal / punt ---- */

/* P(1st down or touchdown on this snap) of one cell at (ytg y). */
static double convert_p(const pb_drive *d, const pb_drive_cell *c, int y)
{
    double p = c->p_td;
    for (int k = 0; k < c->ng; k++)
        if (c->gmin + k >= y)
            p += c->pg[k];
    for (int k = 0; k < c->npen; k++)
        if (c->pen_def[k] && c->pen_m[k] >= y && d->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN)
            p += c->pen_p[k];
    return p;
}

int pb_drive_choices(const pb_drive *d, int togo, int down, int ytg, pb_drive_choice *out)
{
    pb_drive_state st;
    if (pb_drive_get(d, togo, down, ytg, &st) != 0)
        return -1;
    memset(out, 0, sizeof *out);
    pb_mg_game g = {3, 5, {{0}}};
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            g.a[o][j] = st.matrix[o][j];
    pb_mg_solution s;
    if (pb_mg_solve(&g, &s) != 0)
        return -1;
    out->go = s.value;
    memcpy(out->go_off_mix, s.row, sizeof out->go_off_mix);
    memcpy(out->go_def_mix, s.col, sizeof out->go_def_mix);
    out->go_exploit = s.exploit;
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            out->go_convert += s.row[o] * s.col[j] * convert_p(d, &d->cell[togo][o][j], ytg);

    out->fg = -INFINITY;
    out->fg_allowed = togo <= d->rs->fg_max_togo;
    if (out->fg_allowed) {
        const pb_drive_sdist *f = &d->fg[togo];
        double miss = 0, pmiss = 0;
        for (int i = 0; i < f->n; i++)
            if (f->e[i].kind == PB_OUT_GOOD) {
                out->fg_good += f->e[i].p;
            } else {
                pmiss += f->e[i].p;
                miss -= f->e[i].p * d->ep[pb_drive_first(d, f->e[i].yards)];
            }
        out->fg_ep_good = 3;
        out->fg_ep_miss = pmiss > 0 ? miss / pmiss : 0;
        out->fg = pb_drive_fg_value(d, togo, d->ep);
    }
    out->punt = pb_drive_punt_value(d, togo, d->ep, td_value(d));

    double v[3] = {out->go, out->fg, out->punt};
    int best = 0;
    for (int k = 1; k < 3; k++)
        if (v[k] > v[best])
            best = k;
    double next = -INFINITY;
    for (int k = 0; k < 3; k++)
        if (k != best && v[k] > next)
            next = v[k];
    out->best = (pb_drive_choice_kind)best;
    out->margin = v[best] - next;
    return 0;
}

/* ---- kicks ---- */

int pb_drive_landing_get(const pb_drive *d, int landing, pb_drive_landing *out)
{
    if (landing < 1 || landing > 100 || d->ret[landing].n == 0)
        return -1;
    out->landing = landing;
    out->touchback = d->ep[pb_drive_first(d, d->rs->touchback_togo)];
    out->ret = pb_drive_return_value(d, landing, d->ep, td_value(d));
    out->returns = out->ret > out->touchback;
    return 0;
}

int pb_drive_kickoff_get(const pb_drive *d, int free_kick, pb_drive_kickoff *out)
{
    int k = free_kick ? 1 : 0;
    memset(out, 0, sizeof *out);
    for (int r = 0; r < 21; r++) {
        pb_drive_landing l;
        int at = d->kick_landing[k][r];
        if (pb_drive_landing_get(d, at, &l) != 0)
            return -1;
        out->roll[r].a = d->kick_roll[r].a;
        out->roll[r].b = d->kick_roll[r].b;
        out->roll[r].p = (d->kick_roll[r].a == d->kick_roll[r].b ? 1.0 : 2.0) / 36.0;
        out->roll[r].landing = at;
        out->roll[r].returns = l.returns;
        out->roll[r].ep = -(l.returns ? l.ret : l.touchback);
        out->regular += out->roll[r].p * out->roll[r].ep;
    }
    const pb_drive_sdist *o = &d->onside[k];
    for (int i = 0; i < o->n; i++) {
        double v = d->ep[pb_drive_first(d, o->e[i].yards)];
        if (o->e[i].kind == PB_OUT_KEPT) {
            out->p_kept += o->e[i].p;
            out->onside += o->e[i].p * v;
        } else {
            out->onside -= o->e[i].p * v;
        }
    }
    out->onside_better = out->onside > out->regular;
    return 0;
}

/* ---- card values ---- */

typedef struct {
    const pb_drive *d;
    pb_situation s;
    const pb_drive_state *st;
    double *out;
    double *blank;              /* NULL, or where the blank card's (card 0's) value goes */
    atomic_int next;
    char errs[25][PB_ERR_MAX];  /* by card, 0 the blank */
} card_job;

static int one_card(card_job *job, int card)
{
    const pb_drive *d = job->d;
    const pb_drive_state *st = job->st;
    pb_drive_cell cells[3][5];
    memset(cells, 0, sizeof cells);
    int rc = 0;
    for (int o = 0; o < 3 && rc == 0; o++)
        for (int j = 0; j < 5 && rc == 0; j++)
            rc = pb_drive_cell_enumerate(d, &cells[o][j], &job->s, (pb_offense)o, j + 1, card, job->errs[card],
                                         PB_ERR_MAX);
    if (rc == 0) {
        double A[3][5], td = td_value(d), v = 0;
        pb_drive_play_entries(d, (const pb_drive_cell(*)[5])cells, st->togo, st->down, st->ytg, d->ep, d->ep, td, -td,
                              A);
        for (int i = 0; i < st->ncalls; i++) {
            double r = 0;
            for (int j = 0; j < 5; j++)
                r += (st->calls[i] <= PB_DRIVE_LONG ? A[st->calls[i]][j] : st->matrix[i][j]) * st->def_mix[j];
            v += st->off_mix[i] * r;
        }
        *(card ? &job->out[card - 1] : job->blank) = v - st->ep;
    }
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            pb_drive_cell_release(&cells[o][j]);
    return rc;
}

static void *card_worker(void *arg)
{
    card_job *job = arg;
    for (;;) {
        int c = atomic_fetch_add(&job->next, 1) + (job->blank ? 0 : 1);   /* 0: the blank card */
        if (c > 24)
            break;
        if (one_card(job, c) != 0 && !job->errs[c][0])
            snprintf(job->errs[c], PB_ERR_MAX, "enumeration failed");
    }
    return NULL;
}

int pb_drive_card_values(const pb_drive *d, int togo, int down, int ytg, double out[24], char *err, size_t errlen)
{
    return pb_drive_card_values_blank(d, togo, down, ytg, out, NULL, err, errlen);
}

int pb_drive_card_values_blank(const pb_drive *d, int togo, int down, int ytg, double out[24], double *blank,
                               char *err, size_t errlen)
{
    pb_drive_state st;
    if (pb_drive_get(d, togo, down, ytg, &st) != 0) {
        snprintf(err, errlen, "togo %d, down %d, ytg %d is off the field", togo, down, ytg);
        return -1;
    }
    card_job *job = calloc(1, sizeof *job);
    if (!job) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    job->d = d;
    job->st = &st;
    job->out = out;
    job->blank = blank;
    job->s = pb_situation_default(d->rs, togo);
    if (down <= 4) {   /* the distribution does not depend on them (drive_tables.c); play.c takes down 1..4 */
        job->s.down = down;
        job->s.ytg = ytg;
    }
    pb_workers_run(d->threads > 24 ? 24 : d->threads, card_worker, job);
    int rc = 0;
    for (int c = 0; c <= 24 && rc == 0; c++)
        if (job->errs[c][0]) {
            if (c)
                snprintf(err, errlen, "card %02d: %s", c, job->errs[c]);
            else
                snprintf(err, errlen, "the blank card: %s", job->errs[c]);
            rc = -1;
        }
    free(job);
    return rc;
}

/* ---- the strategy export ---- */

int pb_drive_write_strategy(const pb_drive *d, FILE *out)
{
    fprintf(out, "togo,down,ytg,ep,bound,run,short,long,field_goal,punt,d1,d2,d3,d4,d5\n");
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int dn = 1; dn <= d->downs; dn++)
            for (int y = 1; y <= t; y++) {
                pb_drive_state st;
                pb_drive_get(d, t, dn, y, &st);
                double mix[PB_DRIVE_CALLS] = {0};
                for (int i = 0; i < st.ncalls; i++)
                    mix[st.calls[i]] = st.off_mix[i];
                fprintf(out, "%d,%d,%d,%.17g,%.3g", t, dn, y, st.ep, st.bound);
                for (int c = 0; c < PB_DRIVE_CALLS; c++)
                    fprintf(out, ",%.17g", mix[c]);
                for (int j = 0; j < 5; j++)
                    fprintf(out, ",%.17g", st.def_mix[j]);
                fputc('\n', out);
            }
    return ferror(out) ? -1 : 0;
}
