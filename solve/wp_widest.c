/* solve/wp_widest.c: where a solved game's values are loosest (pb_wp_widest, wp.h): a scan of the
 * headline values every value file keeps (each natural layer's 1st downs by togo, its kickoff, free
 * kick and try, for every slice), the widest interval hi - lo among them and where it is: the half,
 * the cards left, the kind of state, the lead, the timeouts, the flag of the second-half kickoff,
 * and the range of leads of that half, layer and kind whose widest interval is at least half as
 * wide (a loose region is usually a band of leads, at the lead window's edge or at the cap). */
#include <string.h>

#include "wp_internal.h"

/* One interval of the scan: kept when wider than the widest so far. */
static void consider(pb_wp_widest *x, double lo, double hi, pb_wp_kind kind, int half, int L, int sl, int togo,
                     const pb_wp *w)
{
    double width = hi - lo;
    if (!(width > x->width))
        return;
    int r, s, a, b;
    pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
    x->width = width;
    x->at = (pb_wp_moment){kind, half, L, 0, s, a, b, r, 0, 0, 0};
    if (kind == PB_WP_SNAP) {
        x->at.togo = togo;
        x->at.down = 1;
        x->at.ytg = w->fdy < togo ? w->fdy : togo;
    }
}

static double wider(double m, double lo, double hi) { return hi - lo > m ? hi - lo : m; }

/* The widest interval of (half, L)'s states of `kind` at lead s (every slice of that lead, every
 * togo of a 1st down). */
static double widest_at(const pb_wp *w, const pb_wp_head *h, pb_wp_kind kind, int half, int s)
{
    double m = 0;
    for (int sl = 0; sl < h->nslices; sl++) {
        int r, ss, a, b;
        pb_wp_slice_coords(w, sl, &r, &ss, &a, &b);
        if (ss != s || pb_wp_over(half, s))
            continue;
        if (kind == PB_WP_SNAP)
            for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                m = wider(m, h->first_lo[sl * 100 + t], h->first_hi[sl * 100 + t]);
        else if (kind == PB_WP_TRY)
            m = wider(m, h->tlo[sl], h->thi[sl]);
        else
            m = wider(m, h->klo[2 * sl + (kind == PB_WP_FREE_KICK)], h->khi[2 * sl + (kind == PB_WP_FREE_KICK)]);
    }
    return m;
}

void pb_wp_widest_get(const pb_wp *w, pb_wp_widest *x)
{
    memset(x, 0, sizeof *x);
    for (int half = 1; half <= pb_wp_halves(w); half++)
        for (int L = 1; L <= pb_wp_cards(w, half); L++) {
            const pb_wp_head *h = &w->head[half][L];
            if (!h->first_lo || !h->klo || !h->tlo)
                continue;
            for (int sl = 0; sl < h->nslices; sl++) {
                int r, s, a, b;
                pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
                if (pb_wp_over(half, s))   /* decided: never played */
                    continue;
                for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                    consider(x, h->first_lo[sl * 100 + t], h->first_hi[sl * 100 + t], PB_WP_SNAP, half, L, sl, t, w);
                consider(x, h->klo[2 * sl], h->khi[2 * sl], PB_WP_KICKOFF, half, L, sl, 0, w);
                consider(x, h->klo[2 * sl + 1], h->khi[2 * sl + 1], PB_WP_FREE_KICK, half, L, sl, 0, w);
                consider(x, h->tlo[sl], h->thi[sl], PB_WP_TRY, half, L, sl, 0, w);
            }
        }
    x->lead_min = x->lead_max = x->at.lead;
    if (x->width <= 0)
        return;
    const pb_wp_head *h = &w->head[x->at.half][x->at.left];
    for (int s = x->at.lead - 1; s >= -w->S && widest_at(w, h, x->at.kind, x->at.half, s) >= 0.5 * x->width; s--)
        x->lead_min = s;
    for (int s = x->at.lead + 1; s <= w->S && widest_at(w, h, x->at.kind, x->at.half, s) >= 0.5 * x->width; s++)
        x->lead_max = s;
}
