/* solve/wp_cards.c: a card's worth in win probability (pb_wp_card_worth_at, wp.h): at one snap of a
 * solved game, the snap's 3 x 5 matrix game with each play card turned, and with a blank card (a
 * card with no effect: the play as with no card), each from the same successors as the snap's own
 * (solve/wp_moment.c recomputes the moment and sums these at its state), with a certified radius of
 * its own; then each card's worth against the blank card under the snap's equilibrium mixes, the
 * calls being made before the card is turned.
 *
 * The cells are the game solver's (wp_tables.c) for one card alone: card c enumerated exactly
 * (depth 0) at 1st and min(first_down_yards, togo), at the variant of the moment that the card
 * depends on (the lead for card 07, the timeouts for the cards that spend them), its outcomes split
 * by the timeout they spend; the blank card spends none. The snap's own cells are the 24 cards'
 * mixed exactly, so the 24 matrices average to the snap's matrix up to the rounding of the sums. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "matgame.h"
#include "wp_internal.h"

enum { NK = PB_CARD_COUNT + 1 };   /* the blank card (0), then 1..24 */

typedef struct {
    pb_drive_cell cell[NK][PB_WP_GROUPS][15];
    const pb_drive_cell *ptr[NK][PB_WP_GROUPS][15];
} card_cells;

/* Card k's 15 cells at togo t, variant v, split by timeout group. 0, or -1 and a message. */
static int cells_of(const pb_wp *w, int k, int t, unsigned v, card_cells *cc, char *err, size_t errlen)
{
    static const pb_play_card none;
    const pb_ruleset *rs = w->rs;
    const pb_play_card *card = k ? &rs->card[k - 1] : &none;
    unsigned cv = k ? v & pb_wp_card_deps(card) : 0;
    pb_play_env env = {rs, w->pol, NULL, NULL};
    for (int c = 0; c < 15; c++) {
        pb_enum_query q;
        pb_wp_play_query(w, t, cv, c / 5, c % 5 + 1, k, &q);
        pb_dist d;
        if (pb_enumerate(&d, &env, &q, err, errlen) != 0)
            return -1;
        int st = 0;
        pb_dist view = d;
        view.entries = malloc((d.count ? d.count : 1) * sizeof *view.entries);
        if (!view.entries) {
            snprintf(err, errlen, "out of memory");
            st = -1;
        }
        for (int g = 0; g < PB_WP_GROUPS && st == 0; g++) {
            view.count = 0;
            for (size_t i = 0; i < d.count; i++)
                if (pb_wp_group_of(&d.entries[i], card) == g)
                    view.entries[view.count++] = d.entries[i];
            view.cap = view.count;
            st = pb_drive_cell_from_dist(&cc->cell[k][g][c], &view, t, err, errlen);
            cc->ptr[k][g][c] = &cc->cell[k][g][c];
        }
        free(view.entries);
        pb_dist_release(&d);
        if (st != 0)
            return -1;
    }
    return 0;
}

static void cells_release(card_cells *cc)
{
    for (int k = 0; k < NK; k++)
        for (int g = 0; g < PB_WP_GROUPS; g++)
            for (int c = 0; c < 15; c++)
                pb_drive_cell_release(&cc->cell[k][g][c]);
}

int pb_wp_card_worth_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_card_worth *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (m->kind != PB_WP_SNAP || m->left < 1 || m->extras != 0) {
        snprintf(err, errlen, "a card's worth is asked at a snap with a card to turn (kind snap, 1 or more cards "
                              "left, no extra play)");
        return -1;
    }
    if (m->lead < -w->S || m->lead > w->S) {
        snprintf(err, errlen, "lead %+d is beyond the lead cap +-%d: its snap is not solved", m->lead, w->S);
        return -1;
    }
    if (pb_wp_check_moment(w, m, err, errlen) != 0)
        return -1;
    if (pb_wp_tables_togo((pb_wp *)w, m->togo, err, errlen) != 0)
        return -1;
    card_cells *cc = calloc(1, sizeof *cc);
    if (!cc) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    unsigned v = (unsigned)pb_wp_variant(m->lead, m->timeouts_own, m->timeouts_opp);
    int st = 0;
    for (int k = 0; k < NK && st == 0; k++)
        st = cells_of(w, k, m->togo, v, cc, err, errlen);
    pb_wp_parts p;
    pb_wp_card_parts cp = {(const pb_drive_cell *const(*)[PB_WP_GROUPS][15])cc->ptr, NK, out->matrix, out->radius};
    if (st == 0)
        st = pb_wp_recompute_cards(w, m, &p, &cp, err, errlen);
    cells_release(cc);
    free(cc);
    if (st != 0)
        return -1;
    double lo = p.lo < 0 ? 0 : p.lo, hi = p.hi > 1 ? 1 : p.hi;
    out->value = (pb_wp_value){0.5 * (lo + hi), lo, hi, 0.5 * (hi - lo) + 2 * PB_DRIVE_U, 1, 1, p.states};
    memcpy(out->mean, p.A, sizeof p.A);
    out->mean_radius = p.R;
    pb_mg_game g = {3, 5, {{0}}};
    for (int o = 0; o < 3; o++)
        memcpy(g.a[o], p.A[o], sizeof p.A[o]);
    pb_mg_solution so;
    if (pb_mg_solve(&g, &so) != 0) {
        snprintf(err, errlen, "internal error: the snap's game has no solution");
        return -1;
    }
    memcpy(out->off_mix, so.row, sizeof out->off_mix);
    memcpy(out->def_mix, so.col, sizeof out->def_mix);
    out->game = so.value;
    out->exploit = so.exploit;
    double at[NK];
    for (int k = 0; k < NK; k++) {
        double x = 0;
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                x += out->off_mix[o] * out->matrix[k][o][j] * out->def_mix[j];
        at[k] = x;
    }
    for (int k = 0; k < NK; k++) {
        out->at_mix[k] = at[k];
        out->worth[k] = k ? at[k] - at[0] : 0;
        /* each entry within its radius, so the mixed sum within it; the 15 products and sums
         * rounded: a relative 1e-15 of a sum of terms at most 1 is far above it */
        out->bound[k] = k ? out->radius[k] + out->radius[0] + 1e-14 : 0;
    }
    return 0;
}
