/* solve/drive_visits.c: how often each state is reached in a drive from the kickoff, under the
 * solved equilibrium mixes (drive.h, pb_drive_visits_from_kickoff).
 *
 * The drive: the receiving team's possession after a regular kickoff. Each of the 21 rolls
 * (pb_drive_kickoff_get: probability 1/36 or 2/36, its landing spot) is taken as a touchback
 * (1st down at the ruleset's touchback togo) or returned, by EP as the solver has it; a return
 * starts at each spot of the exact return distribution (a return touchdown: no snap). Then
 * every snap at state s = (togo, down, ytg) is played with the state's final mixes (pb_drive_get:
 * the offense's run / short / long / field goal / punt, the defense's 1..5, independent), each
 * play from its cell's outcome table with the transitions of the solver (drive_entries.c): a
 * gain that reaches the line to gain is 1st and min(first_down_yards, togo'), a shorter one the
 * next down (on the last down the ball goes over: the drive ends), an accepted penalty replays
 * the down from the new spot (a defensive foul reaching the line to gain is a 1st down under
 * PEN-1ST). A touchdown, safety, turnover, field goal or punt ends the drive.
 *
 * visits(s) = sum over k of P(the k-th snap of the drive is at s): the expected number of snaps
 * at s per drive (a replayed down is a second snap). The chain is transient (every drive ends:
 * pb_drive_solve checked that no chain can run forever), so the sum is finite; it is computed by
 * pushing probability mass along the chain: each state's unpushed mass is added to its visits
 * and sent on to its successors. Sweeps go togo descending and down ascending, the way the ball
 * moves, so most of a drive is carried in one sweep; only sacks and offensive penalties (the
 * ball moving back) wait for the next. The sweeps stop when the unpushed mass is below 1e-15 (of
 * one drive). Every term is a non-negative product of probabilities and mixes: no cancellation,
 * so the relative rounding error of a visit count is a few units in the last place times the
 * length of its longest path, far below what a weight needs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "drive_internal.h"

#define MAX_SWEEPS 100000
#define UNPUSHED_MAX 1e-15

/* The mass `m` of state (t, dn, y) pushed to its successors in r. */
static void push(const pb_drive *d, const pb_drive_state *st, int t, int dn, int y, double m, double *r)
{
    int pen1st = d->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN, last = dn >= d->downs;
    for (int i = 0; i < st->ncalls; i++) {
        pb_drive_call call = st->calls[i];
        if (call > PB_DRIVE_LONG || !(st->off_mix[i] > 0))
            continue;   /* a field goal or punt ends the drive */
        for (int j = 0; j < 5; j++) {
            double w = m * st->off_mix[i] * st->def_mix[j];
            if (!(w > 0))
                continue;
            const pb_drive_cell *c = &d->cell[t][call][j];
            for (int k = 0; k < c->ng; k++) {
                int g = c->gmin + k;
                double p = w * c->pg[k];
                if (g >= y)
                    r[pb_drive_first(d, t - g)] += p;
                else if (!last)
                    r[pb_drive_index(t - g, dn + 1, y - g)] += p;
                /* else a failed last down: the ball goes over */
            }
            for (int k = 0; k < c->npen; k++) {
                int mv = c->pen_m[k], y2 = y - mv;
                int at = c->pen_def[k] && mv >= y && pen1st ? pb_drive_first(d, t - mv)
                                                            : pb_drive_index(t - mv, dn, y2 < 1 ? 1 : y2);
                r[at] += w * c->pen_p[k];
            }
            /* touchdown, safety, turnover, turnover_td: the drive ends */
        }
    }
}

int pb_drive_visits_from_kickoff(const pb_drive *d, pb_drive_visits *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    pb_drive_kickoff k;
    if (pb_drive_kickoff_get(d, 0, &k) != 0) {
        snprintf(err, errlen, "the kickoff's landing spots could not be read");
        return -1;
    }
    double *n = calloc((size_t)d->nstates, sizeof *n), *r = calloc((size_t)d->nstates, sizeof *r);
    if (!n || !r) {
        free(n);
        free(r);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* the start: each roll's touchback or return */
    for (int i = 0; i < 21; i++) {
        double p = k.roll[i].p;
        if (!k.roll[i].returns) {
            r[pb_drive_first(d, d->rs->touchback_togo)] += p;
            continue;
        }
        const pb_drive_sdist *ret = &d->ret[k.roll[i].landing];
        for (int e = 0; e < ret->n; e++) {
            if (ret->e[e].kind == PB_OUT_RETURN_TD)
                out->p_return_td += p * ret->e[e].p;
            else
                r[pb_drive_first(d, ret->e[e].yards)] += p * ret->e[e].p;
        }
    }
    double left = INFINITY;
    int sweep = 0;
    while (left >= UNPUSHED_MAX) {
        if (++sweep > MAX_SWEEPS) {
            free(n);
            free(r);
            snprintf(err, errlen, "the expected visits did not settle in %d sweeps (%.3g left)", MAX_SWEEPS, left);
            return -1;
        }
        for (int t = PB_DRIVE_TOGO; t >= 1; t--)
            for (int dn = 1; dn <= d->downs; dn++)
                for (int y = 1; y <= t; y++) {
                    int i = pb_drive_index(t, dn, y);
                    double m = r[i];
                    if (m == 0)
                        continue;
                    r[i] = 0;
                    n[i] += m;
                    pb_drive_state st;
                    pb_drive_get(d, t, dn, y, &st);
                    push(d, &st, t, dn, y, m, r);
                }
        left = 0;
        for (int i = 0; i < d->nstates; i++)
            left += r[i];
    }
    free(r);
    out->downs = d->downs;
    out->n = n;
    out->sweeps = sweep;
    out->unpushed = left;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int dn = 1; dn <= d->downs; dn++)
            for (int y = 1; y <= t; y++)
                out->snaps += n[pb_drive_index(t, dn, y)];
    return 0;
}

double pb_drive_visits_at(const pb_drive_visits *v, int togo, int down, int ytg)
{
    if (!v->n || togo < 1 || togo > PB_DRIVE_TOGO || down < 1 || down > v->downs || ytg < 1 || ytg > togo)
        return 0;
    return v->n[pb_drive_index(togo, down, ytg)];
}

void pb_drive_visits_release(pb_drive_visits *v)
{
    free(v->n);
    memset(v, 0, sizeof *v);
}
