/* solve/wp_mono.c: the lead-monotonicity check of the game solver, on every solved value.
 *
 * A successor beyond the lead cap is bounded by [lo(S), 1] (above +S) or [0, hi(-S)] (below -S):
 * sound when the value never falls as the lead grows. The rules read the lead during play (card
 * 07 acts only when the offense leads), so this is an assumption. Each solved layer is checked:
 * every value (each field state, kick, free kick and try) against the same moment with the lead
 * one point higher (same half flag r, same timeouts). A pair with hi(s + 1) < lo(s) is a certain
 * violation (the true values fall); otherwise the intervals are consistent with monotonicity. The
 * largest lo(s) - hi(s + 1) and the largest fall of the midpoints are kept too (pb_wp_stats).
 *
 * The layer is read once, by columns (r, a, b) of ascending leads, so the slice of lead s is
 * still in the cache when s + 1 is read; the columns run in parallel, and counts and maxima do
 * not depend on the order: the same figures for any thread count. */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "wp_internal.h"
#include "workers.h"

/* One pair of intervals, lead s against s + 1. */
static void add_pair(pb_wp_mono *m, double lo0, double hi0, double lo1, double hi1, int s)
{
    double d = lo0 - hi1, md = 0.5 * (lo0 + hi0) - 0.5 * (lo1 + hi1);
    m->pairs += 1;
    m->violations += d > 0;
    if (d > m->drop) {
        m->drop = d;
        m->drop_lead = s;
    }
    m->mid_drop = md > m->mid_drop ? md : m->mid_drop;
}

/* Slices sl0 (lead s) and sl1 (lead s + 1) of l: every reachable field state, then the kicks and the try. */
void pb_wp_mono_pair(const pb_wp *w, const pb_wp_layer *l, int sl0, int sl1, int s, pb_wp_mono *out)
{
    const double *v0 = l->v + (size_t)sl0 * w->F, *v1 = l->v + (size_t)sl1 * w->F;
    const double *r0 = l->rad + (size_t)sl0 * 100, *r1 = l->rad + (size_t)sl1 * 100;
    double pairs = 0, viol = 0, drop = -INFINITY, mid = 0;
    for (int dn = 1; dn <= w->downs; dn++)
        for (int d = 0; d < PB_DRIVE_TOGO; d++) {   /* a diagonal togo - ytg = d: consecutive slots */
            int base = pb_wp_index(d + 1, dn, 1);
            for (int y = 1; y + d <= PB_DRIVE_TOGO; y++) {
                int i = base + y - 1, t = y + d;
                if (!w->reach[i])
                    continue;
                double a = (v0[i] - r0[t]) - (v1[i] + r1[t]), md = v0[i] - v1[i];
                pairs += 1;
                viol += a > 0;
                drop = a > drop ? a : drop;
                mid = md > mid ? md : mid;
            }
        }
    out->pairs += pairs;
    out->violations += viol;
    if (drop > out->drop) {
        out->drop = drop;
        out->drop_lead = s;
    }
    out->mid_drop = mid > out->mid_drop ? mid : out->mid_drop;
    for (int k = 0; k < 2; k++)
        add_pair(out, l->klo[2 * sl0 + k], l->khi[2 * sl0 + k], l->klo[2 * sl1 + k], l->khi[2 * sl1 + k], s);
    add_pair(out, l->tlo[sl0], l->thi[sl0], l->tlo[sl1], l->thi[sl1], s);
}

typedef struct {
    const pb_wp *w;
    const pb_wp_layer *l;
    atomic_int next;
    int cols;
    pb_wp_mono *part;   /* [column] */
} mono_job;

static void mono_init(pb_wp_mono *m)
{
    memset(m, 0, sizeof *m);
    m->drop = -INFINITY;
}

static void *mono_worker(void *arg)
{
    mono_job *jb = arg;
    const pb_wp *w = jb->w;
    int tb = w->T + 1;
    for (;;) {
        int c = atomic_fetch_add(&jb->next, 1);
        if (c >= jb->cols)
            return NULL;
        int r = c / (tb * tb), a = c / tb % tb, b = c % tb;
        for (int s = -w->S; s < w->S; s++)
            pb_wp_mono_pair(w, jb->l, pb_wp_slice(w, r, s, a, b), pb_wp_slice(w, r, s + 1, a, b), s, &jb->part[c]);
    }
}

int pb_wp_mono_layer(const pb_wp *w, const pb_wp_layer *l, pb_wp_mono *out)
{
    mono_job jb;
    jb.w = w;
    jb.l = l;
    jb.cols = pb_wp_nr(w, l->half) * (w->T + 1) * (w->T + 1);
    jb.part = malloc((size_t)jb.cols * sizeof *jb.part);
    if (!jb.part)
        return -1;
    atomic_store(&jb.next, 0);
    for (int i = 0; i < jb.cols; i++)
        mono_init(&jb.part[i]);
    pb_workers_run(w->threads, mono_worker, &jb);
    /* combined in column order: the same figures for any thread count */
    for (int i = 0; i < jb.cols; i++) {
        const pb_wp_mono *m = &jb.part[i];
        out->pairs += m->pairs;
        out->violations += m->violations;
        if (m->drop > out->drop) {
            out->drop = m->drop;
            out->drop_lead = m->drop_lead;
            out->drop_half = l->half;
            out->drop_left = l->L;
        }
        out->mid_drop = m->mid_drop > out->mid_drop ? m->mid_drop : out->mid_drop;
    }
    free(jb.part);
    return 0;
}
