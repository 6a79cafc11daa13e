/* solve/wp_window.c: the lead window of a layer: the leads |s| <= W that are solved; the slices
 * beyond it are settled, not computed again.
 *
 * A lead beyond the window is bounded as a lead beyond the cap is (wp_layer.c, the cap's bounds):
 * above +W by [lo(+W), 1], below -W by [0, hi(-W)], state by state, under the same monotonicity in
 * the lead. That is sound for any W; it is tight only where the value at the window's edge is
 * already within a hair of 1 (or 0). The window of layer L is therefore chosen from layer L - 1,
 * already solved: the smallest multiple of PB_WP_LANES at which every state of every slice is
 * within PB_WP_SETTLED of the certain result, plus one batch of PB_WP_LANES leads (the most
 * one card can move the lead with any real chance is 8: a touchdown and a two-point try), at most
 * the cap. The solve records the widest interval the window put at its edges (pb_wp_stats), so
 * the choice's cost is measured, not assumed. */
#include <stdlib.h>

#include "wp_internal.h"

double pb_wp_window_settled = PB_WP_SETTLED;

static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }

/* Is every state of the slices at lead +s (and at -s) of layer l within eps of a win (a loss)? */
static int settled_at(const pb_wp *w, const pb_wp_layer *l, int s, double eps)
{
    int tb = w->T + 1;
    for (int r = 0; r < pb_wp_nr(w, l->half); r++)
        for (int ab = 0; ab < tb * tb; ab++)
            for (int sign = -1; sign <= 1; sign += 2) {
                int sl = pb_wp_slice(w, r, sign * s, ab / tb, ab % tb);
                const double *v = l->v + (size_t)sl * w->F, *rad = l->rad + (size_t)sl * 100;
                for (int k = 0; k < 2; k++)
                    if (sign > 0 ? l->klo[2 * sl + k] < 1 - eps : l->khi[2 * sl + k] > eps)
                        return 0;
                if (sign > 0 ? l->tlo[sl] < 1 - eps : l->thi[sl] > eps)
                    return 0;
                for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                    for (int dn = 1; dn <= w->downs; dn++)
                        for (int y = 1; y <= t; y++) {
                            int i = pb_wp_index(t, dn, y);
                            if (w->reach[i] && (sign > 0 ? v[i] - rad[t] < 1 - eps : v[i] + rad[t] > eps))
                                return 0;
                        }
            }
    return 1;
}

int pb_wp_window_of(const pb_wp *w, const pb_wp_layer *prev)
{
    if (pb_wp_window_settled <= 0 || pb_wp_test_cap_mode != 0 || prev->half == 3)
        return w->S;
    for (int s = PB_WP_LANES; s + PB_WP_LANES < w->S; s += PB_WP_LANES)
        if (settled_at(w, prev, s, pb_wp_window_settled))
            return s + PB_WP_LANES;
    return w->S;
}

/* The state-by-state bounds of a lead beyond the window from the edge's [lo, hi]. */
static void beyond_edge(int above, double lo, double hi, double *olo, double *ohi)
{
    *olo = above ? lo : 0.0;
    *ohi = above ? 1.0 : hi;
}

double pb_wp_window_fill(const pb_wp *w, pb_wp_layer *l)
{
    double widest = 0;
    if (l->W >= w->S)
        return 0;
    int tb = w->T + 1;
    for (int r = 0; r < pb_wp_nr(w, l->half); r++)
        for (int ab = 0; ab < tb * tb; ab++)
            for (int sign = -1; sign <= 1; sign += 2) {
                int a = ab / tb, b = ab % tb, edge = pb_wp_slice(w, r, sign * l->W, a, b);
                const double *ev = l->v + (size_t)edge * w->F, *er = l->rad + (size_t)edge * 100;
                /* the edge's own width, what every slice beyond it inherits */
                for (int k = 0; k < 2; k++)
                    widest = dmax(widest, sign > 0 ? 1 - l->klo[2 * edge + k] : l->khi[2 * edge + k]);
                widest = dmax(widest, sign > 0 ? 1 - l->tlo[edge] : l->thi[edge]);
                for (int s = l->W + 1; s <= w->S; s++) {
                    int sl = pb_wp_slice(w, r, sign * s, a, b);
                    double *v = l->v + (size_t)sl * w->F, *rad = l->rad + (size_t)sl * 100;
                    rad[0] = 0;
                    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
                        double rt = 0;
                        for (int dn = 1; dn <= w->downs; dn++)
                            for (int y = 1; y <= t; y++) {
                                int i = pb_wp_index(t, dn, y);
                                if (!w->reach[i]) {
                                    v[i] = 0.5;   /* never read */
                                    continue;
                                }
                                double lo, hi;
                                beyond_edge(sign > 0, dmax(0.0, ev[i] - er[t]), dmin(1.0, ev[i] + er[t]), &lo, &hi);
                                v[i] = 0.5 * (lo + hi);
                                rt = dmax(rt, 0.5 * (hi - lo));
                            }
                        rad[t] = rt * (1 + 4 * PB_DRIVE_U) + 2 * PB_DRIVE_U;
                        widest = dmax(widest, 2 * rad[t]);
                    }
                }
            }
    return widest;
}

void pb_wp_window_carriers(const pb_wp *w, pb_wp_layer *l, int sl, double *clo, double *chi, double *moved)
{
    int r, s, a, b;
    pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
    int edge = pb_wp_slice(w, r, s > 0 ? l->W : -l->W, a, b);
    double lo, hi, m = 0;
    for (int k = 0; k < 2; k++) {
        beyond_edge(s > 0, l->klo[2 * edge + k], l->khi[2 * edge + k], &lo, &hi);
        m = dmax(m, dmax(lo - l->klo[2 * sl + k], l->khi[2 * sl + k] - hi));
        l->klo[2 * sl + k] = dmax(lo, l->klo[2 * sl + k]);
        l->khi[2 * sl + k] = dmin(hi, l->khi[2 * sl + k]);
    }
    beyond_edge(s > 0, l->tlo[edge], l->thi[edge], &lo, &hi);
    m = dmax(m, dmax(lo - l->tlo[sl], l->thi[sl] - hi));
    l->tlo[sl] = dmax(lo, l->tlo[sl]);
    l->thi[sl] = dmin(hi, l->thi[sl]);
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        beyond_edge(s > 0, clo[edge * 100 + t], chi[edge * 100 + t], &lo, &hi);
        m = dmax(m, dmax(lo - clo[sl * 100 + t], chi[sl * 100 + t] - hi));
        clo[sl * 100 + t] = dmax(lo, clo[sl * 100 + t]);
        chi[sl * 100 + t] = dmin(hi, chi[sl * 100 + t]);
    }
    *moved = dmax(*moved, m);
}
