/* solve/wp_detail.c: one moment of a solved game in detail (pb_wp_detail_at): the snap's matrix
 * game and mixes, go / field goal / punt, the extra-play timeouts at a half's last play, regular
 * kickoff or onside, PAT or two-point. Read from the kept layers; the same functions the layers
 * were solved with (wp_layer.c), so the alternatives agree with the values. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matgame.h"
#include "wp_internal.h"

static double mid(const double v[2]) { return 0.5 * (v[0] + v[1]); }

/* A natural layer (e = 0) rebuilt from the headline values: its 1st downs (the floats, rounded
 * outward when they were kept, as intervals), its kicks and its tries; no other state. Enough for
 * the kicks' alternatives. 0, or -1 (not in the game, out of memory). */
static int headline_layer(const pb_wp *w, int half, int L, pb_wp_layer *l)
{
    memset(l, 0, sizeof *l);
    if (half < 1 || half > pb_wp_halves(w) || L < 1 || L > pb_wp_cards(w, half))
        return -1;
    const pb_wp_head *h = &w->head[half][L];
    return h->klo && h->tlo ? pb_wp_head_layer(h, half, L, 0, l) : -1;
}

/* The go / field goal / punt choice of a snap whose matrix is in d->matrix (each entry within R of
 * its value) and whose rows are the intervals fg (-inf out of range) and punt: the equilibrium mixes,
 * the alternatives' values and the best, each within d->radius. 0, or -1 and a message. */
static int snap_choice(pb_wp_detail *d, double R, const double fg[2], const double punt[2], char *err,
                       size_t errlen)
{
    pb_mg_game g = {3, 5, {{0}}};
    for (int o = 0; o < 3; o++)
        memcpy(g.a[o], d->matrix[o], sizeof d->matrix[o]);
    pb_mg_solution so;
    if (pb_mg_solve(&g, &so) != 0) {
        snprintf(err, errlen, "internal error: the snap's game has no solution");
        return -1;
    }
    memcpy(d->off_mix, so.row, sizeof d->off_mix);
    memcpy(d->def_mix, so.col, sizeof d->def_mix);
    d->exploit = so.exploit;
    d->radius = R;   /* the field goal's and punt's rows are intervals too: each alternative within the widest */
    if (!isinf(fg[0]))
        d->radius = fmax(d->radius, 0.5 * (fg[1] - fg[0]));
    d->radius = fmax(d->radius, 0.5 * (punt[1] - punt[0]));
    d->go = so.value;
    d->fg = isinf(fg[0]) ? -INFINITY : mid(fg);
    d->punt = mid(punt);
    d->best = d->go >= d->fg && d->go >= d->punt ? PB_WP_GO : d->fg >= d->punt ? PB_WP_FIELD_GOAL : PB_WP_PUNT;
    return 0;
}

/* A snap whose layer is not kept: its alternatives from the recomputation, with the extra-play
 * timeouts at the last card; bounds 0 (the coach's): no radius summed (pb_wp_recompute_parts_play). */
static int snap_recomputed(const pb_wp *w, const pb_wp_moment *m, int bounds, pb_wp_detail *d, char *err,
                           size_t errlen)
{
    pb_wp_parts p;
    if ((bounds ? pb_wp_recompute_parts(w, m, &p, err, errlen) : pb_wp_recompute_parts_play(w, m, &p, err, errlen)) != 0)
        return -1;
    if (!d->value.stored) {   /* (detail_at left it: the same recomputation) */
        double lo = p.lo < 0 ? 0 : p.lo, hi = p.hi > 1 ? 1 : p.hi;
        d->value = (pb_wp_value){0.5 * (lo + hi), lo, hi, 0.5 * (hi - lo) + 2 * PB_DRIVE_U, 1, 1, p.states};
    }
    d->extra_off = d->extra_def = -1;
    d->extra_off_value = d->extra_def_value = NAN;
    d->extra_off_bound = d->extra_def_bound = NAN;
    memcpy(d->matrix, p.A, sizeof p.A);
    if (snap_choice(d, p.R, p.fg, p.punt, err, errlen) != 0)
        return -1;
    /* the extra-play timeouts at a half's last card (the defense's first, then the offense's, as
     * snap() takes them from a kept layer): the extra play's state (L = 2, e + 1) recomputed too */
    int a = m->timeouts_own, b = m->timeouts_opp;
    if (m->left == 1 && m->extras < w->E) {
        double base = fmax(d->go, fmax(d->fg, d->punt)), after_def = base, lo, hi;
        pb_wp_moment x = *m;
        x.left = 2;
        x.extras = m->extras + 1;
        if (b > 0) {
            x.timeouts_opp = b - 1;
            if (bounds ? pb_wp_recompute(w, &x, 0, 0, &lo, &hi, NULL, err, errlen) != 0
                       : pb_wp_recompute_play(w, &x, &lo, &hi, err, errlen) != 0)
                return -1;
            d->extra_def_value = 0.5 * (lo + hi);
            d->extra_def_bound = 0.5 * (hi - lo);
            d->extra_def = d->extra_def_value < base;
            after_def = fmin(base, d->extra_def_value);
            x.timeouts_opp = b;
        }
        if (a > 0) {
            x.timeouts_own = a - 1;
            if (bounds ? pb_wp_recompute(w, &x, 0, 0, &lo, &hi, NULL, err, errlen) != 0
                       : pb_wp_recompute_play(w, &x, &lo, &hi, err, errlen) != 0)
                return -1;
            d->extra_off_value = 0.5 * (lo + hi);
            d->extra_off_bound = 0.5 * (hi - lo);
            d->extra_off = d->extra_off_value > after_def;
        }
    }
    return 0;
}

/* bounds 0: the matrix without its radius (the coach's choice reads none) */
static int snap(const pb_wp *w, const pb_wp_moment *m, int r, int bounds, pb_wp_detail *d, char *err, size_t errlen)
{
    int L = m->left, e = m->extras, h = m->half, s = m->lead, a = m->timeouts_own, b = m->timeouts_opp;
    const pb_wp_layer *cur = pb_wp_kept(w, h, L, e);
    if (!cur && L >= 1 && (e == 0 || L <= 2))   /* not kept: recomputed from the kept states (wp_moment.c) */
        return snap_recomputed(w, m, bounds, d, err, errlen);
    if (!cur && L != 0) {
        snprintf(err, errlen, "this moment's layer is not kept (a value file with every state is needed: "
                              "'solve game' keeps them when they fit, see doc/solve.md)");
        return -1;
    }
    d->extra_off = d->extra_def = -1;
    d->extra_off_value = d->extra_def_value = NAN;
    d->extra_off_bound = d->extra_def_bound = NAN;
    double fg[2], punt[2];
    if (L == 0) {   /* the field goal after the last card, or the end of the half: in closed form */
        double lo, hi;
        pb_wp_end_value(w, h, r, s, &lo, &hi);
        d->go = 0.5 * (lo + hi);
        d->radius = 0.5 * (hi - lo) + 2 * PB_DRIVE_U;
        d->punt = -INFINITY;
        d->fg = -INFINITY;
        if (m->togo <= w->rs->fg_max_togo) {   /* a mix of the two ends: within the wider, plus its rounding */
            double gl, gh, p = pb_drive_sdist_p(&w->d->fg[m->togo], PB_OUT_GOOD);
            pb_wp_end_value(w, h, r, s + 3, &gl, &gh);
            d->fg = p * 0.5 * (gl + gh) + (1 - p) * d->go;
            d->radius = fmax(d->radius, 0.5 * (gh - gl) + 2 * PB_DRIVE_U) + 4 * PB_DRIVE_U;
        }
        d->best = d->fg > d->go ? PB_WP_FIELD_GOAL : PB_WP_GO;
        return 0;
    }
    const pb_wp_layer *prev = pb_wp_kept(w, h, L - 1, L == 2 ? e : 0);
    if (!prev) {
        snprintf(err, errlen, "the layer below this moment is not kept");
        return -1;
    }
    double R = 0;
    if (pb_wp_snap_matrix(w, cur, prev, r, s, a, b, m->togo, m->down, m->ytg, d->matrix, bounds ? &R : NULL) != 0 ||
        pb_wp_rows_at(w, cur, r, s, a, b, m->togo, fg, punt) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (snap_choice(d, R, fg, punt, err, errlen) != 0)
        return -1;
    if (L == 1 && e < w->E) {
        const pb_wp_layer *x = pb_wp_kept(w, h, 2, e + 1);
        int i = pb_wp_index(m->togo, m->down, m->ytg);
        double base = fmax(d->go, fmax(d->fg, d->punt)), after_def = base;
        if (x && b > 0) {
            d->extra_def_value = x->v[(size_t)pb_wp_slice(w, r, s, a, b - 1) * w->F + i];
            d->extra_def_bound = x->rad[pb_wp_slice(w, r, s, a, b - 1) * 100 + m->togo];
            d->extra_def = d->extra_def_value < base;
            after_def = fmin(base, d->extra_def_value);
        }
        if (x && a > 0) {
            d->extra_off_value = x->v[(size_t)pb_wp_slice(w, r, s, a - 1, b) * w->F + i];
            d->extra_off_bound = x->rad[pb_wp_slice(w, r, s, a - 1, b) * 100 + m->togo];
            d->extra_off = d->extra_off_value > after_def;
        }
    }
    return 0;
}

/* for_play 1: the coach's (pb_wp_detail_play): a snap beyond the cap played as at the cap, no radius */
static int detail_at(const pb_wp *w, const pb_wp_moment *m, int for_play, pb_wp_detail *d, char *err, size_t errlen);

int pb_wp_detail_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_detail *d, char *err, size_t errlen)
{
    return detail_at(w, m, 0, d, err, errlen);
}

int pb_wp_detail_play(const pb_wp *w, const pb_wp_moment *m, pb_wp_detail *d, char *err, size_t errlen)
{
    return detail_at(w, m, 1, d, err, errlen);
}

static int detail_at(const pb_wp *w, const pb_wp_moment *m, int for_play, pb_wp_detail *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    pb_wp_moment m0 = *m;
    m0.extras = 0;
    /* an extra play past the last card of a one-card overtime (L = 2, e > 0) has no natural layer:
     * its value comes from its own layer below */
    int past = m->half >= 1 && m->half <= pb_wp_halves(w) && m->left > pb_wp_cards(w, m->half) &&
               m->left <= pb_wp_top(w, m->half, m->extras);
    /* a snap of a layer not kept, within the cap: its value comes with its alternatives (snap_recomputed) */
    int redo = m->kind == PB_WP_SNAP && m->extras == 0 && m->left >= 1 && m->half >= 1 &&
               m->half <= pb_wp_halves(w) && m->left <= pb_wp_cards(w, m->half) &&
               !pb_wp_kept(w, m->half, m->left, 0) && m->lead >= -w->S && m->lead <= w->S &&
               !(m->down == 1 && m->ytg == (w->fdy < m->togo ? w->fdy : m->togo));
    /* an extra play's snap whose layer is not kept: recomputed the same way (its value with it) */
    redo |= m->kind == PB_WP_SNAP && m->extras > 0 && m->extras <= w->E && m->left >= 1 && m->left <= 2 &&
            m->half >= 1 && m->half <= pb_wp_halves(w) && !pb_wp_kept(w, m->half, m->left, m->extras) &&
            m->lead >= -w->S && m->lead <= w->S && !past;
    if (redo && pb_wp_check_moment(w, &m0, err, errlen) != 0)
        return -1;
    if (!past && !redo && pb_wp_value_at(w, &m0, &d->value, err, errlen) != 0)
        return -1;
    if (m->extras < 0 || m->extras > w->E || (m->extras > 0 && m->left > 2)) {   /* left 0: any */
        snprintf(err, errlen, "extras %d: 0..%d, and only at the last two cards", m->extras, w->E);
        return -1;
    }
    /* a snap beyond the cap: only its value (above: [0, hi] or [lo, 1]); a try's alternatives read the
     * kicks that follow, bounded beyond the cap (their radius says how wide); a kick's: below */
    if (!for_play && m->kind == PB_WP_SNAP && (m->lead > w->S || m->lead < -w->S)) {
        snprintf(err, errlen, "lead %+d is beyond the lead cap +-%d: its win probability is only bounded by the "
                              "value at %+d, and its alternatives are not solved (solve with a larger --lead-cap)",
                 m->lead, w->S, m->lead > 0 ? w->S : -w->S);
        return -1;
    }
    int r = m->half == 1 ? (m->receives_second != 0) : 0;
    int s = m->lead > w->S ? w->S : m->lead < -w->S ? -w->S : m->lead;   /* beyond: played as at the cap */
    const pb_wp_layer *cur = pb_wp_kept(w, m->half, m->left, m->extras);
    if (m->kind == PB_WP_SNAP) {
        pb_wp_moment ms = *m;
        ms.lead = s;
        if (snap(w, &ms, r, !for_play, d, err, errlen) != 0)
            return -1;
        if (cur && m->left > 0) {   /* the kept layer's own value, extras included */
            int sl = pb_wp_slice(w, r, s, m->timeouts_own, m->timeouts_opp);
            double v = cur->v[(size_t)sl * w->F + pb_wp_index(m->togo, m->down, m->ytg)];
            double rad = cur->rad[sl * 100 + m->togo];
            d->value.lo = fmax(0.0, v - rad);
            d->value.hi = fmin(1.0, v + rad);
            d->value.wp = v;
            d->value.bound = rad + 2 * PB_DRIVE_U;
        }
        return 0;
    }
    int a = m->timeouts_own, b = m->timeouts_opp;
    if (m->kind == PB_WP_TRY) {
        /* PAT or two needs only the kickoffs that follow: the headline keeps them for every layer */
        pb_wp_layer kicks;
        if (!cur) {
            memset(&kicks, 0, sizeof kicks);
            kicks.half = m->half;
            kicks.L = m->left;
            kicks.klo = w->head[m->half][m->left].klo;
            kicks.khi = w->head[m->half][m->left].khi;
            cur = &kicks;
        }
        double c[3][2];
        for (int k = 0; k < 3; k++)
            if (m->left == 0)
                pb_wp_end_value(w, m->half, r, m->lead + k, &c[k][0], &c[k][1]);
            else
                pb_wp_kick_at(w, cur, PB_WP_KICK, r, m->lead + k, a, b, &c[k][0], &c[k][1]);
        double p = w->d->pat, base = mid(c[0]), two = mid(c[2]);
        d->pat = p * mid(c[1]) + (1 - p) * base;
        int mx = two >= base ? 0 : 1;
        d->two = base + (two - base) * (mx == 0 ? w->two_vmax : w->two_vmin);
        for (int k = 0; k < 3; k++)   /* PAT and two mix these: each is within their widest half-width */
            d->radius = fmax(d->radius, 0.5 * (c[k][1] - c[k][0]));
        memcpy(d->two_off_mix, w->two_mix[mx], 3 * sizeof(double));
        memcpy(d->two_def_mix, w->two_mix[mx] + 3, 5 * sizeof(double));
        return 0;
    }
    if (m->lead != s) {   /* a kick's parts read the slices at the lead itself */
        snprintf(err, errlen, "lead %+d is beyond the lead cap +-%d: its win probability is only bounded by the "
                              "value at %+d, and its alternatives are not solved (solve with a larger --lead-cap)",
                 m->lead, w->S, m->lead > 0 ? w->S : -w->S);
        return -1;
    }
    /* a kick needs the layer's 1st downs and tries: the headline keeps them for every layer */
    pb_wp_layer head;
    if (!cur && headline_layer(w, m->half, m->left, &head) == 0)
        cur = &head;
    if (!cur) {
        snprintf(err, errlen, "this moment's layer is not kept");
        return -1;
    }
    double reg[2], ons[2];
    int rc = pb_wp_kick_parts(w, cur, m->kind == PB_WP_FREE_KICK ? PB_WP_FREE : PB_WP_KICK, r, s, a, b, reg, ons);
    if (cur == &head) {
        free(head.flo);
        free(head.fhi);
    }
    if (rc != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    d->regular = mid(reg);
    d->onside = mid(ons);
    d->radius = fmax(0.5 * (reg[1] - reg[0]), 0.5 * (ons[1] - ons[0]));
    return 0;
}
