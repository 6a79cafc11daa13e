/* solve/wp_work.c: the game solve's cost model (wp_internal.h, "wp_work.c"): the states of each
 * layer, in the order solve_half solves them, so that the progress report counts work, not
 * layers (a layer of half 1 holds twice the slices of one of half 2, the extra-play layers and
 * the lead windows fewer states), and the time a whole solve should take before it starts.
 *
 * The order: for each half (the overtime first, then 2, then 1), e = E .. 0: the layer L = 1,
 * then L = 2 (not in a one-card half at e = 0), then L = 3 .. the half's cards at e = 0. A layer
 * solves (nreach + 3) states per slice and lead of its window (2W + 1 leads of 2S + 1; the
 * overtime's one lead). */
#include "wp_internal.h"

double pb_wp_work_layer(const pb_wp *w, int half, double W, double reach)
{
    double per = (double)pb_wp_nslices(w, half) / (2 * w->S + 1) * (reach + 3);
    return per * (half == 3 ? 1 : 2 * W + 1);
}

/* The layers after the first `after` + 1 in solve order. The windows of those of L >= 3: in the
 * half measured (wh, at its layer wl, window wW) wW + PB_WP_LANES a card more (the most a card
 * moves the lead with any real chance, wp_window.c), the cap elsewhere (wh 0: nothing measured). */
static double walk(const pb_wp *w, int after, int wh, int wl, int wW, double reach)
{
    double sum = 0;
    int k = 0;
    for (int half = w->ot ? 3 : 2; half >= 1; half--) {
        int c = pb_wp_cards(w, half);
        for (int e = w->E; e >= 0; e--) {
            if (k++ > after)
                sum += pb_wp_work_layer(w, half, w->S, reach);   /* L = 1 */
            if ((e > 0 || c >= 2) && k++ > after)
                sum += pb_wp_work_layer(w, half, w->S, reach);   /* L = 2 */
        }
        for (int L = 3; L <= c; L++)
            if (k++ > after) {
                double W = half == wh ? wW + (double)PB_WP_LANES * (L - wl) : w->S;
                sum += pb_wp_work_layer(w, half, W < w->S ? W : w->S, reach);
            }
    }
    return sum;
}

double pb_wp_work_after(const pb_wp *w, int done, int half, int L, int W)
{
    return walk(w, done - 1, half, L, W, w->nreach);
}

double pb_wp_work_all(const pb_wp *w, double reach)
{
    return walk(w, -1, 0, 0, 0, reach);
}
