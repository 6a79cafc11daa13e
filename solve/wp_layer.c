/* solve/wp_layer.c: one layer of the game solver (cards left L in a half): every state's value
 * from the layer below (L - 1) and, at a half's last play, the layer an extra play leads to.
 *
 * A run or pass turns a card, so the snap's 3 x 5 matrix game reads only layer L - 1: phase A
 * solves it once per state (certified bounds M_lo, M_hi from mixes of the midpoint game, as in
 * the drive solver). Field goals, punts, kickoffs and tries turn no card: they lead to the
 * opponent's (or the own) 1st downs, kickoffs and tries of the same layer, a cycle. Phase B
 * brackets those carriers by interval iteration from [M_lo, 1] (1st downs) and [0, 1] (kicks,
 * tries), Gauss-Seidel in slice order until no bound moves. Phase C gives every other state its
 * value max(M, field goal, punt) from the carriers (and, at L = 1, the extra-play timeouts:
 * the offense may take one, else the defense may). Value: P(win) + P(tie) / 2; the opponent's
 * value is 1 minus its own, so its bounds swap. Rounding: each update widens by w->eps.
 *
 * Threads: phases A and C by slices from an atomic counter (each slice writes its own states),
 * phase B by classes of slices that read only one another (carrier_classes), each sweep of every
 * class before the next: the same bits for any thread count. Processes (w->dist, wp.h): each
 * rank runs phases A and C on its block of slices; the snaps' values at the 1st downs go to every
 * rank before phase B (which every rank runs alike), the whole layer after phase C. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matgame.h"
#include "wp_internal.h"
#include "workers.h"

static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline int flip(const pb_wp_layer *l, int r) { return l->half == 1 ? 1 - r : 0; }

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int pb_wp_layer_alloc(const pb_wp *w, pb_wp_layer *l, int half, int L, int e)
{
    return pb_wp_layer_alloc_with(w, l, half, L, e, NULL);
}

int pb_wp_layer_alloc_with(const pb_wp *w, pb_wp_layer *l, int half, int L, int e, double *v)
{
    memset(l, 0, sizeof *l);
    l->half = half;
    l->L = L;
    l->e = e;
    l->nslices = pb_wp_nslices(w, half);
    l->W = w->S;
    size_t n = (size_t)l->nslices;
    l->v = v ? v : malloc(n * w->F * sizeof(double));
    l->rad = calloc(n * 100, sizeof(double));
    l->klo = malloc(n * 2 * sizeof(double));
    l->khi = malloc(n * 2 * sizeof(double));
    l->tlo = malloc(n * sizeof(double));
    l->thi = malloc(n * sizeof(double));
    if (!l->v || !l->rad || !l->klo || !l->khi || !l->tlo || !l->thi) {
        pb_wp_layer_release(l);
        return -1;
    }
    return 0;
}

void pb_wp_layer_release(pb_wp_layer *l)
{
    free(l->flo);
    free(l->fhi);
    free(l->v);
    free(l->rad);
    free(l->klo);
    free(l->khi);
    free(l->tlo);
    free(l->thi);
    memset(l, 0, sizeof *l);
}

/* ---- capped scalar lookups ---- */

int pb_wp_test_cap_mode;

/* A value beyond the cap, given the bounds [clo, chi] at the cap (above: s > 0, below: s < 0). */
static void beyond(int above, double clo, double chi, double *olo, double *ohi)
{
    switch (pb_wp_test_cap_mode) {
    case 1:   /* tests: the game where a lead beyond the cap is worth the cap's (the lowest monotone one) */
        *olo = clo;
        *ohi = chi;
        return;
    case 2:   /* tests: the game where going beyond the cap wins (or loses) outright (the highest) */
        *olo = *ohi = above ? 1.0 : 0.0;
        return;
    case 3:   /* measurements: no monotonicity */
        *olo = 0.0;
        *ohi = 1.0;
        return;
    default:
        *olo = above ? clo : 0.0;
        *ohi = above ? 1.0 : chi;
    }
}

static void capped(const pb_wp *w, const double *lo, const double *hi, int stride, int k, int slice_at_cap, int s,
                   double *olo, double *ohi)
{
    size_t i = (size_t)slice_at_cap * stride + k;
    if (s > w->S || s < -w->S) {
        beyond(s > 0, lo[i], hi[i], olo, ohi);
    } else {
        *olo = lo[i];
        *ohi = hi[i];
    }
}

static int clamp_lead(const pb_wp *w, int s) { return s > w->S ? w->S : s < -w->S ? -w->S : s; }

/* A state of the overtime that a score has ended: 1 to the team ahead, 0 behind. */
static int over_at(const pb_wp_layer *l, int s, double *lo, double *hi)
{
    if (!pb_wp_over(l->half, s))
        return 0;
    *lo = *hi = s > 0 ? 1.0 : 0.0;
    return 1;
}

void pb_wp_try_at(const pb_wp *w, const pb_wp_layer *l, int r, int s, int a, int b, double *lo, double *hi)
{
    if (over_at(l, s, lo, hi))
        return;
    capped(w, l->tlo, l->thi, 1, 0, pb_wp_slice(w, r, clamp_lead(w, s), a, b), s, lo, hi);
}

void pb_wp_kick_at(const pb_wp *w, const pb_wp_layer *l, int k, int r, int s, int a, int b, double *lo, double *hi)
{
    if (over_at(l, s, lo, hi))
        return;
    capped(w, l->klo, l->khi, 2, k, pb_wp_slice(w, r, clamp_lead(w, s), a, b), s, lo, hi);
}

/* ---- the end of a half ---- */

void pb_wp_end_value(const pb_wp *w, int half, int r, int s, double *lo, double *hi)
{
    if (half >= 2) {   /* the score stands; a tie is worth 1/2 with OT=sudden-death too (wp_solve.c), and
                          after an overtime without a score */
        *lo = *hi = s > 0 ? 1.0 : s == 0 ? 0.5 : 0.0;
        return;
    }
    /* the second half's kickoff: the opening receiver (r = 0) kicks it */
    int c = clamp_lead(w, r ? -s : s);
    double klo = w->h2_lo[c + w->S], khi = w->h2_hi[c + w->S];
    int sv = r ? -s : s;
    if (sv > w->S || sv < -w->S)
        beyond(sv > 0, klo, khi, &klo, &khi);
    if (r) {
        *lo = 1.0 - khi;
        *hi = 1.0 - klo;
    } else {
        *lo = klo;
        *hi = khi;
    }
}

/* f(c, k2): the value of the two-point game with entries (1 - P) c + P k2 (P = the try's
 * P(touchdown) matrix): c + (k2 - c) v_max when k2 >= c, else c + (k2 - c) v_min. */
static double two_value(const pb_wp *w, double c, double k2)
{
    double dv = k2 - c;
    return c + dv * (dv >= 0 ? w->two_vmax : w->two_vmin);
}

static void try_from(const pb_wp *w, double base_lo, double base_hi, double one_lo, double one_hi, double two_lo,
                     double two_hi, double *lo, double *hi)
{
    double p = w->d->pat;
    double pat_lo = p * one_lo + (1 - p) * base_lo, pat_hi = p * one_hi + (1 - p) * base_hi;
    *lo = dmax(pat_lo, two_value(w, base_lo, two_lo)) - w->eps;
    *hi = dmin(1.0, dmax(pat_hi, two_value(w, base_hi, two_hi)) + w->eps);
    if (*lo < 0)
        *lo = 0;
}

/* A field state at togo t at the end of a half: the field goal after the last card, or the end. */
static void end_field(const pb_wp *w, int t, double e_lo, double e_hi, double g_lo, double g_hi, double *lo,
                      double *hi, double *rad)
{
    double vlo = e_lo, vhi = e_hi;
    if (t <= w->rs->fg_max_togo) {
        double p = pb_drive_sdist_p(&w->d->fg[t], PB_OUT_GOOD);
        vlo = dmax(vlo, p * g_lo + (1 - p) * e_lo - w->eps);
        vhi = dmax(vhi, dmin(1.0, p * g_hi + (1 - p) * e_hi + w->eps));
    }
    *lo = vlo;
    *hi = vhi;
    *rad = 0.5 * (vhi - vlo) * (1 + 4 * PB_DRIVE_U);
}

void pb_wp_end_field(const pb_wp *w, int half, int r, int s, int t, double *lo, double *hi, double *rad)
{
    double e_lo, e_hi, g_lo, g_hi;
    pb_wp_end_value(w, half, r, s, &e_lo, &e_hi);
    pb_wp_end_value(w, half, r, s + 3, &g_lo, &g_hi);
    end_field(w, t, e_lo, e_hi, g_lo, g_hi, lo, hi, rad);
}

void pb_wp_layer_end(const pb_wp *w, pb_wp_layer *l)
{
    for (int sl = 0; sl < l->nslices; sl++) {
        int r, sv, a, b;
        pb_wp_slice_coords(w, sl, &r, &sv, &a, &b);
        double e_lo, e_hi, g_lo, g_hi, o_lo, o_hi, t_lo, t_hi;
        pb_wp_end_value(w, l->half, r, sv, &e_lo, &e_hi);
        l->klo[sl * 2] = l->klo[sl * 2 + 1] = e_lo;
        l->khi[sl * 2] = l->khi[sl * 2 + 1] = e_hi;
        pb_wp_end_value(w, l->half, r, sv + 3, &g_lo, &g_hi);
        pb_wp_end_value(w, l->half, r, sv + 1, &o_lo, &o_hi);   /* the try: the lead counts the 6 */
        pb_wp_end_value(w, l->half, r, sv + 2, &t_lo, &t_hi);
        try_from(w, e_lo, e_hi, o_lo, o_hi, t_lo, t_hi, &l->tlo[sl], &l->thi[sl]);
        double *v = l->v + (size_t)sl * w->F;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            double vlo, vhi;
            end_field(w, t, e_lo, e_hi, g_lo, g_hi, &vlo, &vhi, &l->rad[sl * 100 + t]);
            for (int dn = 1; dn <= w->downs; dn++)
                for (int y = 1; y <= t; y++)
                    v[pb_wp_index(t, dn, y)] = 0.5 * (vlo + vhi);
        }
    }
}

typedef struct {
    const pb_wp *w;
    pb_wp_layer *l;
    const pb_wp_layer *prev, *ext;
    int lo, hi;                   /* this rank's slices */
    atomic_int next;
    int phase;
    double *mrad;                 /* [slice * 100 + togo]: the largest half-width of phase A's M there */
    double *carry;                /* per slice: the constant rows by togo, lo [t] and hi [100 + t] */
    double *clo, *chi;            /* per slice: the 1st downs [100 * slice + togo] during phase B */
    char (*errs)[PB_ERR_MAX];
    double *exploit;              /* per slice: the largest exploitability of phase A */
    const double *m;              /* phase B: the snaps' M at the 1st downs, lo [200 * slice + t], hi [.. + 100] */
    int ncls;                     /* phase B's classes (carrier_classes) */
    int *cls_start, *cls_slice;   /* class c: slices cls_slice[cls_start[c] .. cls_start[c + 1]), ascending */
    double *cls_moved;            /* per class: how far its last sweep moved a bound */
} job;

/* ---- the constant rows and the kicks (phases B and C) ---- */

/* The receiving team's value of a kick that stops at `landing` (1..100): max(touchback, return).
 * rsl: the receiver's slice; its 1st downs from jb->clo / chi. */
static void receive(const job *jb, int rsl, int rr, int rs, int ra, int rb, int landing, double *lo, double *hi)
{
    const pb_wp *w = jb->w;
    const pb_drive *d = w->d;
    const double *vl = jb->clo + (size_t)rsl * 100, *vh = jb->chi + (size_t)rsl * 100;
    int tb = w->rs->touchback_togo;
    double td_lo, td_hi, rl = 0, rh = 0;
    pb_wp_try_at(w, jb->l, rr, rs + 6, ra, rb, &td_lo, &td_hi);
    const pb_drive_sdist *ret = &d->ret[landing];
    for (int i = 0; i < ret->n; i++) {
        const pb_drive_out *e = &ret->e[i];
        if (e->kind == PB_OUT_RETURN_TD) {
            rl += e->p * td_lo;
            rh += e->p * td_hi;
        } else {
            rl += e->p * vl[e->yards];
            rh += e->p * vh[e->yards];
        }
    }
    *lo = dmax(vl[tb], rl);
    *hi = dmax(vh[tb], rh);
}

/* The kicking team's kickoff (k = PB_WP_KICK) or free kick: the regular kick and the onside kick
 * as intervals [0] .. [1], before the choice. */
static void kick_parts(const job *jb, int k, int r, int s, int a, int b, double regular[2], double onside[2])
{
    const pb_wp *w = jb->w;
    const pb_drive *d = w->d;
    int ro = flip(jb->l, r), rsl = pb_wp_slice(w, ro, -s, b, a), sl = pb_wp_slice(w, r, s, a, b);
    double gl = 0, gh = 0;
    for (int i = 0; i < 21; i++) {
        double p = (d->kick_roll[i].a == d->kick_roll[i].b ? 1.0 : 2.0) / 36.0, xl, xh;
        receive(jb, rsl, ro, -s, b, a, d->kick_landing[k][i], &xl, &xh);
        gl += p * (1.0 - xh);
        gh += p * (1.0 - xl);
    }
    double ol = 0, oh = 0;
    const pb_drive_sdist *o = &d->onside[k];
    for (int i = 0; i < o->n; i++) {
        int y = o->e[i].yards;
        if (o->e[i].kind == PB_OUT_KEPT) {
            ol += o->e[i].p * jb->clo[sl * 100 + y];
            oh += o->e[i].p * jb->chi[sl * 100 + y];
        } else {
            ol += o->e[i].p * (1.0 - jb->chi[rsl * 100 + y]);
            oh += o->e[i].p * (1.0 - jb->clo[rsl * 100 + y]);
        }
    }
    regular[0] = gl;
    regular[1] = gh;
    onside[0] = ol;
    onside[1] = oh;
}

/* The kick's value: max(regular, onside), widened by the rounding allowance. */
static void kick_value(const job *jb, int k, int r, int s, int a, int b, double *lo, double *hi)
{
    double g[2], o[2];
    kick_parts(jb, k, r, s, a, b, g, o);
    *lo = dmax(0.0, dmax(g[0], o[0]) - jb->w->eps);
    *hi = dmin(1.0, dmax(g[1], o[1]) + jb->w->eps);
}

/* The punt and the field goal (fg: -inf out of range) at togo t for slice (r, s, a, b), as
 * intervals; the receiver of a punt takes the better of the touchback and the return. */
static void rows_parts(const job *jb, int t, int r, int s, int a, int b, double fg[2], double punt[2])
{
    const pb_wp *w = jb->w;
    const pb_drive *d = w->d;
    int ro = flip(jb->l, r), rsl = pb_wp_slice(w, ro, -s, b, a);
    const double *ol = jb->clo + (size_t)rsl * 100, *oh = jb->chi + (size_t)rsl * 100;
    /* punt: the return distribution from special.c (return = always) or the touchback */
    int tbk = w->rs->touchback_togo;
    double td_lo, td_hi, rl = 0, rh = 0;
    pb_wp_try_at(w, jb->l, ro, -s + 6, b, a, &td_lo, &td_hi);
    const pb_drive_sdist *pu = &d->punt[t];
    for (int i = 0; i < pu->n; i++) {
        if (pu->e[i].kind == PB_OUT_RETURN_TD) {
            rl += pu->e[i].p * td_lo;
            rh += pu->e[i].p * td_hi;
        } else {
            rl += pu->e[i].p * ol[pu->e[i].yards];
            rh += pu->e[i].p * oh[pu->e[i].yards];
        }
    }
    punt[0] = 1.0 - dmax(oh[tbk], rh);
    punt[1] = 1.0 - dmax(ol[tbk], rl);
    fg[0] = fg[1] = -INFINITY;
    if (t <= w->rs->fg_max_togo) {
        double kl, kh, fl = 0, fh = 0;
        pb_wp_kick_at(w, jb->l, PB_WP_KICK, r, s + 3, a, b, &kl, &kh);
        const pb_drive_sdist *f = &d->fg[t];
        for (int i = 0; i < f->n; i++) {
            if (f->e[i].kind == PB_OUT_GOOD) {
                fl += f->e[i].p * kl;
                fh += f->e[i].p * kh;
            } else {
                fl += f->e[i].p * (1.0 - oh[f->e[i].yards]);
                fh += f->e[i].p * (1.0 - ol[f->e[i].yards]);
            }
        }
        fg[0] = fl;
        fg[1] = fh;
    }
}

/* Field goal and punt at togo t: the better constant row. */
static void rows_value(const job *jb, int t, int r, int s, int a, int b, double *lo, double *hi)
{
    double fg[2], punt[2];
    rows_parts(jb, t, r, s, a, b, fg, punt);
    *lo = dmax(0.0, dmax(punt[0], fg[0]) - jb->w->eps);
    *hi = dmin(1.0, dmax(punt[1], fg[1]) + jb->w->eps);
}

/* At L = 1: the extra-play timeouts around a snap's interval at field slot i (togo t). */
static void extras(const pb_wp *w, const pb_wp_layer *ext, int r, int s, int a, int b, int t, int i, double *lo,
                   double *hi)
{
    if (!ext)
        return;
    if (b > 0) {   /* the defense, if the offense did not take one */
        int k = pb_wp_slice(w, r, s, a, b - 1);
        double m = ext->v[(size_t)k * w->F + i];
        *lo = dmin(*lo, m - ext->rad[k * 100 + t]);
        *hi = dmin(*hi, m + ext->rad[k * 100 + t]);
    }
    if (a > 0) {
        int k = pb_wp_slice(w, r, s, a - 1, b);
        double m = ext->v[(size_t)k * w->F + i];
        *lo = dmax(*lo, m - ext->rad[k * 100 + t]);
        *hi = dmax(*hi, m + ext->rad[k * 100 + t]);
    }
}

static void finish_slice(job *jb, int sl)
{
    const pb_wp *w = jb->w;
    pb_wp_layer *l = jb->l;
    int r, s, a, b;
    pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
    const double *cr = jb->carry + (size_t)sl * 200;
    double *val = l->v + (size_t)sl * w->F;
    const double *mr = jb->mrad + (size_t)sl * 100;
    l->rad[sl * 100] = 0;
    if (!pb_wp_in_window(l, s))   /* beyond the lead window: filled from its edge (wp_window.c) */
        return;
    if (pb_wp_over(l->half, s)) {   /* the overtime, a score made: the game is over */
        for (int i = 0; i < w->F; i++)
            val[i] = s > 0 ? 1.0 : 0.0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++)
            l->rad[sl * 100 + t] = 0;
        return;
    }
    /* in the slice's memory order (down, togo - ytg, ytg: pb_wp_index), one pass over it: by togo
     * the states are some 800 bytes apart, and the loads waited on memory (two thirds of this
     * loop's samples). Each state's update is its own and the radii are maxima, so the order
     * changes no bit. */
    double rad[PB_DRIVE_TOGO + 1] = {0};
    int first[PB_DRIVE_TOGO + 1];
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        first[t] = pb_wp_first(w, t);
    for (int dn = 1; dn <= w->downs; dn++)
        for (int d = 0; d < PB_DRIVE_TOGO; d++)
            for (int y = 1; y + d <= PB_DRIVE_TOGO; y++) {
                int t = y + d, i = pb_wp_index(t, dn, y);
                double vl, vh;
                if (!w->reach[i])
                    continue;
                if (i == first[t]) {
                    vl = jb->clo[sl * 100 + t];
                    vh = jb->chi[sl * 100 + t];
                } else {
                    vl = dmax(val[i] - mr[t], cr[t]);
                    vh = dmax(val[i] + mr[t], cr[100 + t]);
                    extras(w, jb->ext, r, s, a, b, t, i, &vl, &vh);
                }
                val[i] = 0.5 * (vl + vh);
                rad[t] = dmax(rad[t], 0.5 * (vh - vl));
            }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        l->rad[sl * 100 + t] = rad[t] * (1 + 4 * PB_DRIVE_U) + 2 * PB_DRIVE_U;
}

static void sweep_class(job *jb, int c);

static void *worker(void *arg)
{
    job *jb = arg;
    if (jb->phase == 0) {   /* batches of slices (wp_snaps.c) */
        int nb = pb_wp_snap_batches(jb->w, jb->l->half);
        pb_wp_snaps_work *wk = pb_wp_snaps_work_new(jb->w);
        for (;;) {
            int k = atomic_fetch_add(&jb->next, 1);
            if (k >= nb)
                break;
            if (!wk)
                snprintf(jb->errs[k], PB_ERR_MAX, "out of memory");
            else
                pb_wp_snaps_batch(jb->w, jb->l, jb->prev, k, jb->lo, jb->hi, wk, jb->mrad, jb->exploit, jb->errs[k],
                                  PB_ERR_MAX);
        }
        pb_wp_snaps_work_free(wk);
        return NULL;
    }
    if (jb->phase == 2) {   /* a sweep of phase B, by class */
        for (;;) {
            int c = atomic_fetch_add(&jb->next, 1);
            if (c >= jb->ncls)
                return NULL;
            sweep_class(jb, c);
        }
    }
    for (;;) {
        int sl = jb->lo + atomic_fetch_add(&jb->next, 1);
        if (sl >= jb->hi)
            return NULL;
        finish_slice(jb, sl);
    }
}

static void run_phase(job *jb, int phase)
{
    jb->phase = phase;
    atomic_store(&jb->next, 0);
    pb_workers_run(jb->w->threads, worker, jb);
}

static inline void tighten(double *lo, double *hi, double nl, double nh, double *moved)
{
    nl = dmax(nl, *lo);
    nh = dmin(nh, *hi);
    *moved = dmax(*moved, dmax(nl - *lo, *hi - nh));
    *lo = nl;
    *hi = nh;
}

/* The blocks of slices of the ranks: start[0 .. size]. */
static void blocks(const pb_wp *w, int n, int *start)
{
    int size = w->dist ? w->dist->size : 1;
    for (int r = 0; r <= size; r++)
        start[r] = (int)((long long)n * r / size);
}

/* Share the ranks' blocks of buf (items of `stride` bytes per slice). 0, or -1 and a message. */
static int share(const pb_wp *w, void *buf, size_t stride, const int *start, char *err, size_t errlen)
{
    if (!w->dist)
        return 0;
    if (w->dist->allgather(w->dist->ctx, buf, stride, start) != 0) {
        snprintf(err, errlen, "the ranks could not exchange a layer");
        return -1;
    }
    return 0;
}

/* One Gauss-Seidel sweep of phase B over class c's slices, in slice order: each slice's kicks,
 * try and 1st downs from the current bounds; jb->cls_moved[c] is the largest move. */
static void sweep_class(job *jb, int c)
{
    const pb_wp *w = jb->w;
    pb_wp_layer *l = jb->l;
    const double *m = jb->m;
    double moved = 0;
    for (int q = jb->cls_start[c]; q < jb->cls_start[c + 1]; q++) {
        int sl = jb->cls_slice[q], r, s, a, b;
        pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
        if (pb_wp_over(l->half, s))
            continue;
        if (!pb_wp_in_window(l, s)) {
            pb_wp_window_carriers(w, l, sl, jb->clo, jb->chi, &moved);
            continue;
        }
        for (int k = 0; k < 2; k++) {
            double kl, kh;
            kick_value(jb, k, r, s, a, b, &kl, &kh);
            tighten(&l->klo[2 * sl + k], &l->khi[2 * sl + k], kl, kh, &moved);
        }
        double b_lo, b_hi, o_lo, o_hi, t_lo, t_hi, tl, th;
        pb_wp_kick_at(w, l, PB_WP_KICK, r, s, a, b, &b_lo, &b_hi);
        pb_wp_kick_at(w, l, PB_WP_KICK, r, s + 1, a, b, &o_lo, &o_hi);
        pb_wp_kick_at(w, l, PB_WP_KICK, r, s + 2, a, b, &t_lo, &t_hi);
        try_from(w, b_lo, b_hi, o_lo, o_hi, t_lo, t_hi, &tl, &th);
        tighten(&l->tlo[sl], &l->thi[sl], tl, th, &moved);
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            int i = pb_wp_first(w, t);
            double cl, ch;
            rows_value(jb, t, r, s, a, b, &cl, &ch);
            double vl = dmax(m[sl * 200 + t], cl), vh = dmax(m[sl * 200 + 100 + t], ch);
            extras(w, jb->ext, r, s, a, b, t, i, &vl, &vh);
            tighten(&jb->clo[sl * 100 + t], &jb->chi[sl * 100 + t], vl, vh, &moved);
        }
    }
    jb->cls_moved[c] = moved;
}

/* Phase B's classes. A slice (r, s, a, b)'s carriers read its own (r, a, b) at other leads (the
 * try, the kick after a field goal, the window's edge) and the receiver's (flip(r), b, a) (kicks,
 * punts, turnovers on downs at the 1st downs): a class is the pair {(r, a, b), (flip(r), b, a)}
 * at every lead, and no class reads another. So the classes sweep in parallel, each in slice
 * order, and give the bits of one sweep over all slices in slice order. 0, or -1 (memory). */
static int carrier_classes(job *jb)
{
    const pb_wp *w = jb->w;
    int n = jb->l->nslices, tb = w->T + 1, nkey = 2 * tb * tb;
    int *id = malloc((size_t)nkey * sizeof(int)), *cls = malloc((size_t)n * sizeof(int));
    jb->cls_start = calloc((size_t)nkey + 1, sizeof(int));
    jb->cls_slice = malloc((size_t)n * sizeof(int));
    jb->cls_moved = calloc((size_t)nkey, sizeof(double));
    if (!id || !cls || !jb->cls_start || !jb->cls_slice || !jb->cls_moved) {
        free(id);
        free(cls);
        return -1;
    }
    for (int k = 0; k < nkey; k++)
        id[k] = -1;
    jb->ncls = 0;
    for (int sl = 0; sl < n; sl++) {
        int r, s, a, b;
        pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
        int k1 = (r * tb + a) * tb + b, k2 = (flip(jb->l, r) * tb + b) * tb + a, key = k1 < k2 ? k1 : k2;
        if (id[key] < 0)
            id[key] = jb->ncls++;
        cls[sl] = id[key];
        jb->cls_start[cls[sl] + 1]++;
    }
    for (int c = 0; c < jb->ncls; c++)
        jb->cls_start[c + 1] += jb->cls_start[c];
    int *fill = id;   /* reused: the next free place of each class */
    for (int c = 0; c < jb->ncls; c++)
        fill[c] = jb->cls_start[c];
    for (int sl = 0; sl < n; sl++)
        jb->cls_slice[fill[cls[sl]]++] = sl;
    free(id);
    free(cls);
    return 0;
}

/* Phase B: the carriers (1st downs, kicks, tries) by interval iteration. */
static int carriers(job *jb, const int *start, double *gap_out, char *err, size_t errlen)
{
    const pb_wp *w = jb->w;
    pb_wp_layer *l = jb->l;
    int n = l->nslices;
    double *m = malloc((size_t)n * 200 * sizeof(double));   /* the snaps' M at the 1st downs */
    if (!m || carrier_classes(jb) != 0) {
        free(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int sl = jb->lo; sl < jb->hi; sl++) {
        m[sl * 200] = m[sl * 200 + 100] = 0;
        int r, s, a, b;
        pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
        for (int t = 1; t <= PB_DRIVE_TOGO && !pb_wp_in_window(l, s); t++) {   /* no snap solved */
            m[sl * 200 + t] = 0.0;
            m[sl * 200 + 100 + t] = 1.0;
        }
        for (int t = 1; t <= PB_DRIVE_TOGO && pb_wp_in_window(l, s); t++) {
            double mid = l->v[(size_t)sl * w->F + pb_wp_first(w, t)];
            m[sl * 200 + t] = dmax(0.0, mid - jb->mrad[sl * 100 + t]);
            m[sl * 200 + 100 + t] = dmin(1.0, mid + jb->mrad[sl * 100 + t]);
        }
    }
    if (share(w, m, 200 * sizeof(double), start, err, errlen) != 0) {
        free(m);
        return -1;
    }
    for (int sl = 0; sl < n; sl++) {
        int r, s, a, b;
        pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
        double over = s > 0 ? 1.0 : 0.0;
        int done = pb_wp_over(l->half, s);
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            /* lo starts at a lower bound of the 1st down's value: M_lo bounds max(M, rows), but at
             * L = 1 the defense may buy an extra play when the offense does not, which can bring
             * the value below M; the extra-play timeouts around [M_lo, 1] bound it. */
            double vl = m[sl * 200 + t], vh = 1.0;
            extras(w, jb->ext, r, s, a, b, t, pb_wp_first(w, t), &vl, &vh);
            jb->clo[sl * 100 + t] = done ? over : vl;
            jb->chi[sl * 100 + t] = done ? over : vh;
        }
        jb->clo[sl * 100] = jb->chi[sl * 100] = 0;
        l->klo[2 * sl] = l->klo[2 * sl + 1] = l->tlo[sl] = done ? over : 0.0;
        l->khi[2 * sl] = l->khi[2 * sl + 1] = l->thi[sl] = done ? over : 1.0;
    }
    jb->m = m;
    int sweeps = 0;
    for (;;) {   /* every class sweeps once, then the largest move decides, as one sweep of all slices */
        run_phase(jb, 2);
        double moved = 0;
        for (int c = 0; c < jb->ncls; c++)
            moved = dmax(moved, jb->cls_moved[c]);
        sweeps++;
        if (moved <= 1e-15 || sweeps >= 2000)
            break;
    }
    double gap = 0;
    for (int sl = 0; sl < n; sl++) {
        int r, s, a, b;
        pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
        gap = dmax(gap, dmax(l->khi[2 * sl] - l->klo[2 * sl], l->thi[sl] - l->tlo[sl]));
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            gap = dmax(gap, jb->chi[sl * 100 + t] - jb->clo[sl * 100 + t]);
            if (sl >= jb->lo && sl < jb->hi && pb_wp_in_window(l, s))   /* phase C reads its own slices' rows */
                rows_value(jb, t, r, s, a, b, &jb->carry[sl * 200 + t], &jb->carry[sl * 200 + 100 + t]);
        }
    }
    free(m);
    *gap_out = gap;
    if (sweeps >= 2000) {
        snprintf(err, errlen, "the kicks of layer %d (half %d) did not settle in 2000 sweeps", l->L, l->half);
        return -1;
    }
    return 0;
}

int pb_wp_layer_solve(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, const pb_wp_layer *ext,
                      double *gap_out, double *exploit_out, char *err, size_t errlen)
{
    size_t n = (size_t)l->nslices;
    job jb;
    memset(&jb, 0, sizeof jb);
    jb.w = w;
    jb.l = l;
    jb.prev = prev;
    jb.ext = ext;
    jb.errs = calloc(n, PB_ERR_MAX);
    jb.exploit = calloc(n, sizeof(double));
    jb.mrad = calloc(n * 100, sizeof(double));
    jb.carry = malloc(n * 200 * sizeof(double));
    jb.clo = malloc(n * 100 * sizeof(double));
    jb.chi = malloc(n * 100 * sizeof(double));
    int st = 0, start[PB_WP_RANKS_MAX + 1];
    if (w->dist && w->dist->size > PB_WP_RANKS_MAX) {
        snprintf(err, errlen, "at most %d ranks", PB_WP_RANKS_MAX);
        st = -1;
    }
    if (!jb.errs || !jb.exploit || !jb.mrad || !jb.carry || !jb.clo || !jb.chi) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    if (st == 0) {
        blocks(w, (int)n, start);
        int rank = w->dist ? w->dist->rank : 0;
        jb.lo = start[rank];
        jb.hi = start[rank + 1];
        double t0 = seconds();
        run_phase(&jb, 0);
        l->seconds[0] = seconds() - t0;
        for (int sl = jb.lo; sl < jb.hi; sl++) {   /* the overtime's ended states: no snap (wp_snaps.c) */
            int r, s, a, b;
            pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
            for (int i = 0; pb_wp_over(l->half, s) && i < w->F; i++)
                l->v[(size_t)sl * w->F + i] = s > 0 ? 1.0 : 0.0;
        }
        for (size_t sl = 0; sl < n && st == 0; sl++)
            if (jb.errs[sl][0]) {
                snprintf(err, errlen, "%s", jb.errs[sl]);
                st = -1;
            }
    }
    if (w->dist) {   /* every rank learns whether one failed, so none waits on it */
        double failed = st != 0;
        if (w->dist->max(w->dist->ctx, &failed, 1) != 0 || (failed != 0 && st == 0)) {
            snprintf(err, errlen, "another rank failed");
            st = -1;
        }
    }
    double t1 = seconds();
    if (st == 0)
        st = carriers(&jb, start, gap_out, err, errlen);
    double t2 = seconds();
    l->seconds[1] = t2 - t1;
    if (st == 0) {
        run_phase(&jb, 1);
        l->seconds[2] = seconds() - t2;
        double ex = 0;
        for (int sl = jb.lo; sl < jb.hi; sl++)
            ex = dmax(ex, jb.exploit[sl]);
        if (w->dist && w->dist->max(w->dist->ctx, &ex, 1) != 0) {
            snprintf(err, errlen, "the ranks could not exchange a layer");
            st = -1;
        }
        *exploit_out = ex;
    }
    if (st == 0)
        st = share(w, l->v, (size_t)w->F * sizeof(double), start, err, errlen);
    if (st == 0)
        st = share(w, l->rad, 100 * sizeof(double), start, err, errlen);
    free(jb.errs);
    free(jb.exploit);
    free(jb.mrad);
    free(jb.carry);
    free(jb.clo);
    free(jb.chi);
    free(jb.cls_start);
    free(jb.cls_slice);
    free(jb.cls_moved);
    return st;
}

/* ---- one state, for the answers and the simulator's decider (wp_detail.c) ---- */

int pb_wp_head_layer(const pb_wp_head *h, int half, int L, int e, pb_wp_layer *l)
{
    memset(l, 0, sizeof *l);
    if (!h->first_lo)
        return -1;
    size_t n = (size_t)h->nslices * 100;
    l->half = half;
    l->L = L;
    l->e = e;
    l->nslices = h->nslices;
    l->klo = h->klo;
    l->khi = h->khi;
    l->tlo = h->tlo;
    l->thi = h->thi;
    l->flo = malloc(n * sizeof *l->flo);
    l->fhi = malloc(n * sizeof *l->fhi);
    if (!l->flo || !l->fhi) {
        free(l->flo);
        free(l->fhi);
        l->flo = l->fhi = NULL;
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        l->flo[i] = h->first_lo[i];
        l->fhi[i] = h->first_hi[i];
    }
    return 0;
}

int pb_wp_layer_firsts(const pb_wp *w, pb_wp_layer *l)
{
    size_t n = (size_t)l->nslices;
    if (!l->flo)
        l->flo = malloc(n * 100 * sizeof(double));
    if (!l->fhi)
        l->fhi = malloc(n * 100 * sizeof(double));
    if (!l->flo || !l->fhi)
        return -1;
    for (size_t sl = 0; sl < n; sl++) {
        l->flo[sl * 100] = l->fhi[sl * 100] = 0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            double m = l->v[sl * w->F + pb_wp_first(w, t)];
            l->flo[sl * 100 + t] = m - l->rad[sl * 100 + t];
            l->fhi[sl * 100 + t] = m + l->rad[sl * 100 + t];
        }
    }
    return 0;
}

/* A job over a kept layer: its 1st downs as intervals, for the constant rows and the kicks. */
static int job_of_layer(job *jb, const pb_wp *w, const pb_wp_layer *l)
{
    memset(jb, 0, sizeof *jb);
    jb->w = w;
    jb->l = (pb_wp_layer *)l;
    jb->clo = l->flo;
    jb->chi = l->fhi;
    return l->flo && l->fhi ? 0 : -1;
}

int pb_wp_rows_at(const pb_wp *w, const pb_wp_layer *cur, int r, int s, int a, int b, int t, double fg[2],
                  double punt[2])
{
    job jb;
    if (job_of_layer(&jb, w, cur) != 0)
        return -1;
    rows_parts(&jb, t, r, s, a, b, fg, punt);
    return 0;
}

int pb_wp_kick_parts(const pb_wp *w, const pb_wp_layer *cur, int k, int r, int s, int a, int b, double regular[2],
                     double onside[2])
{
    job jb;
    if (job_of_layer(&jb, w, cur) != 0)
        return -1;
    kick_parts(&jb, k, r, s, a, b, regular, onside);
    return 0;
}

/* The receiver's touchback and return at a landing spot, its 1st downs read through first(src, i,
 * hi) (i: slice * 100 + togo; hi 0 the interval's low end, 1 its high end). */
static void receive_parts(const pb_wp *w, const pb_wp_layer *tries, double (*first)(const void *, size_t, int),
                          const void *src, int r, int s, int a, int b, int landing, double tb[2], double ret[2])
{
    const pb_drive *d = w->d;
    size_t sl = (size_t)pb_wp_slice(w, r, s, a, b);
    double td_lo, td_hi, rl = 0, rh = 0;
    pb_wp_try_at(w, tries, r, s + 6, a, b, &td_lo, &td_hi);
    const pb_drive_sdist *rt = &d->ret[landing];
    for (int i = 0; i < rt->n; i++) {
        if (rt->e[i].kind == PB_OUT_RETURN_TD) {
            rl += rt->e[i].p * td_lo;
            rh += rt->e[i].p * td_hi;
        } else {
            rl += rt->e[i].p * first(src, sl * 100 + (size_t)rt->e[i].yards, 0);
            rh += rt->e[i].p * first(src, sl * 100 + (size_t)rt->e[i].yards, 1);
        }
    }
    tb[0] = first(src, sl * 100 + (size_t)w->rs->touchback_togo, 0);
    tb[1] = first(src, sl * 100 + (size_t)w->rs->touchback_togo, 1);
    ret[0] = rl;
    ret[1] = rh;
}

static double first_of_layer(const void *src, size_t i, int hi)
{
    const pb_wp_layer *l = src;
    return hi ? l->fhi[i] : l->flo[i];
}

static double first_of_head(const void *src, size_t i, int hi)
{
    const pb_wp_head *h = src;
    return hi ? h->first_hi[i] : h->first_lo[i];
}

int pb_wp_receive_at(const pb_wp *w, const pb_wp_layer *cur, int r, int s, int a, int b, int landing, double tb[2],
                     double ret[2])
{
    job jb;
    if (job_of_layer(&jb, w, cur) != 0)
        return -1;
    receive_parts(w, cur, first_of_layer, cur, r, s, a, b, landing, tb, ret);
    return 0;
}

int pb_wp_receive_head(const pb_wp *w, int half, int L, int r, int s, int a, int b, int landing, double tb[2],
                       double ret[2])
{
    if (half < 1 || half > pb_wp_halves(w) || L < 1 || L > pb_wp_cards(w, half))
        return -1;
    const pb_wp_head *h = &w->head[half][L];
    if (!h->first_lo || !h->tlo)
        return -1;
    pb_wp_layer tries;
    memset(&tries, 0, sizeof tries);
    tries.half = half;
    tries.L = L;
    tries.tlo = h->tlo;
    tries.thi = h->thi;
    receive_parts(w, &tries, first_of_head, h, r, s, a, b, landing, tb, ret);
    return 0;
}
