/* solve/wp_solve.c: the game solver's order of work (wp.h) and its accessors.
 *
 * Half 2 first, from its end (L = 0: the field goal after the last card, then the final score)
 * up to the second-half kickoff (L = cards per half); then half 1, whose end is that kickoff.
 * At L = 1 and 2 the extra plays count: L = 1 with e extra plays used reaches L = 2 with e + 1
 * (a timeout at the last play adds a card) and L = 2 with e reaches L = 1 with e, so these layers
 * go e = E down to 0, keeping at most four layers. Layers with e = 0 are the game's "natural"
 * layers: their headline values (1st downs, kicks, try) are kept for every L, and all of their
 * states with keep_all (with keep_last K, those of half 2's last K cards: pb_wp_keeps). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matgame.h"
#include "progress.h"
#include "workers.h"
#include "wp_internal.h"

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double gamma_n(int n) { return n * PB_DRIVE_U / (1 - n * PB_DRIVE_U); }

/* The most roundings any term of an entry passes: a term p x v is rounded where it joins its
 * partial sum and at every addition after it, up to the entry (k + s[y] (+ p4[y]) + the dense sum, then
 * each timeout group's added to the entry). With one fused multiply-add a term (pb_wp.fused) the
 * k-th term of a sum of N is rounded N - k + 1 times (its own fma, then the N - k after it); with
 * the product rounded apart, N - k + 2. Either way the first term of a sum is rounded N times (its
 * fma onto 0, or its product, then N - 1 additions), so one count n, the entry's terms over its
 * three groups plus the additions that join them, bounds both arithmetics, and the allowance does
 * not change with FMA (doc/solve-game.md, "The rounding allowance"). */
static int sum_rounds(const pb_wp *w)
{
    int n = 64;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                for (int v = 0; v < PB_WP_VARIANTS; v++)
                    for (int g = 0; g < PB_WP_GROUPS; g++) {
                        n = n > w->cell[t][o][j][v][g].nterms ? n : w->cell[t][o][j][v][g].nterms;
                        if (w->pcell)   /* in play by value: the entries are summed from these */
                            n = n > w->pcell[t][o][j][v][g].nterms ? n : w->pcell[t][o][j][v][g].nterms;
                    }
    int nodes = 0;   /* in play by value: the decision points' terms, added to an entry */
    if (w->node)
        for (int t = 1; t <= PB_DRIVE_TOGO; t++)
            for (int o = 0; o < 3; o++)
                for (int j = 0; j < 5; j++)
                    for (int v = 0; v < PB_WP_VARIANTS; v++) {
                        int k = pb_wp_nodes_terms(&w->node[t][o][j][v]);
                        nodes = nodes > k ? nodes : k;
                    }
    return 3 * n + 21 * 128 + nodes;
}

double pb_wp_sum_allowance(const pb_wp *w) { return gamma_n(sum_rounds(w)); }

/* The rounding allowance per update: probabilities rounded (6u relative, summing to at most 1),
 * the entries' sums (gamma_n, n = sum_rounds), the certificate's mixes and division; values <= 1. */
static double allowance(const pb_wp *w)
{
    return 1.01 * (PB_DRIVE_P_ERR + pb_wp_sum_allowance(w) * (1 + PB_DRIVE_P_ERR) + gamma_n(16) + 4 * PB_DRIVE_U);
}

static int two_point_values(pb_wp *w, char *err, size_t errlen)
{
    pb_mg_game g = {3, 5, {{0}}}, h = {3, 5, {{0}}};
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++) {
            g.a[o][j] = w->d->two[o][j];
            h.a[o][j] = -w->d->two[o][j];
        }
    pb_mg_solution s1, s2;
    if (pb_mg_solve(&g, &s1) != 0 || pb_mg_solve(&h, &s2) != 0) {
        snprintf(err, errlen, "internal error: the two-point game could not be solved");
        return -1;
    }
    w->two_vmax = s1.value;
    w->two_vmin = -s2.value;
    memcpy(w->two_mix[0], s1.row, 3 * sizeof(double));
    memcpy(w->two_mix[0] + 3, s1.col, 5 * sizeof(double));
    memcpy(w->two_mix[1], s2.row, 3 * sizeof(double));
    memcpy(w->two_mix[1] + 3, s2.col, 5 * sizeof(double));
    return 0;
}

static int head_alloc(const pb_wp *w, pb_wp_head *h, int half)
{
    int n = pb_wp_nslices(w, half);
    h->nslices = n;
    h->first_lo = malloc((size_t)n * 100 * sizeof(float));
    h->first_hi = malloc((size_t)n * 100 * sizeof(float));
    h->klo = malloc((size_t)n * 2 * sizeof(double));
    h->khi = malloc((size_t)n * 2 * sizeof(double));
    h->tlo = malloc((size_t)n * sizeof(double));
    h->thi = malloc((size_t)n * sizeof(double));
    return h->first_lo && h->first_hi && h->klo && h->khi && h->tlo && h->thi ? 0 : -1;
}

static pb_wp_layer *layer_new(const pb_wp *w, int half, int L, int e)
{
    pb_wp_layer *c = malloc(sizeof *c);
    if (c && pb_wp_layer_alloc(w, c, half, L, e) != 0) {
        free(c);
        c = NULL;
    }
    return c;
}

static void layer_copy(const pb_wp *w, pb_wp_layer *c, const pb_wp_layer *l)
{
    size_t n = (size_t)l->nslices;
    memcpy(c->v, l->v, n * w->F * sizeof(double));
    memcpy(c->rad, l->rad, n * 100 * sizeof(double));
    memcpy(c->klo, l->klo, n * 2 * sizeof(double));
    memcpy(c->khi, l->khi, n * 2 * sizeof(double));
    memcpy(c->tlo, l->tlo, n * sizeof(double));
    memcpy(c->thi, l->thi, n * sizeof(double));
    c->W = l->W;
}

/* The headline values of layer l into h: its 1st downs as float intervals (rounded outward), its
 * kicks and tries. */
static int head_fill(const pb_wp *w, pb_wp_head *h, const pb_wp_layer *l)
{
    if (!h->first_lo && head_alloc(w, h, l->half) != 0)
        return -1;
    int n = l->nslices;
    for (int sl = 0; sl < n; sl++) {
        h->first_lo[sl * 100] = h->first_hi[sl * 100] = 0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            double m = l->v[(size_t)sl * w->F + pb_wp_first(w, t)];
            h->first_lo[sl * 100 + t] = pb_wp_float_below(m - l->rad[sl * 100 + t]);
            h->first_hi[sl * 100 + t] = pb_wp_float_above(m + l->rad[sl * 100 + t]);
        }
    }
    memcpy(h->klo, l->klo, (size_t)n * 2 * sizeof(double));
    memcpy(h->khi, l->khi, (size_t)n * 2 * sizeof(double));
    memcpy(h->tlo, l->tlo, (size_t)n * sizeof(double));
    memcpy(h->thi, l->thi, (size_t)n * sizeof(double));
    return 0;
}

/* Keep what later questions need of layer l: the headline (every layer: the natural ones and the
 * extra plays'), everything when pb_wp_keeps says so. */
static int head_keep(pb_wp *w, const pb_wp_layer *l)
{
    if (l->e > 0) {
        if (head_fill(w, &w->headx[l->half][l->L][l->e], l) != 0)
            return -1;
        if (!pb_wp_keeps(w, l->half, l->L, l->e))
            return 0;
        pb_wp_layer *c = layer_new(w, l->half, l->L, l->e);
        if (!c)
            return -1;
        layer_copy(w, c, l);
        w->fullx[l->half][l->L][l->e] = c;
        if (pb_wp_layer_firsts(w, c) != 0)
            return -1;
        return 0;
    }
    if (head_fill(w, &w->head[l->half][l->L], l) != 0)
        return -1;
    if (pb_wp_keeps(w, l->half, l->L, 0)) {
        pb_wp_layer *c = layer_new(w, l->half, l->L, 0);
        if (!c)
            return -1;
        layer_copy(w, c, l);
        w->full[l->half][l->L] = c;
        if (pb_wp_layer_firsts(w, c) != 0)
            return -1;
    }
    return 0;
}

static size_t layer_bytes(const pb_wp *w, int half)
{
    return (size_t)pb_wp_nslices(w, half) * ((size_t)w->F + 7) * sizeof(double);
}

static int solve_layer(pb_wp *w, pb_wp_layer *l, int half, int L, int e, const pb_wp_layer *prev,
                       const pb_wp_layer *ext, double **spare, char *err, size_t errlen)
{
    double *v = *spare;
    *spare = NULL;
    if (pb_wp_layer_alloc_with(w, l, half, L, e, v) != 0) {
        snprintf(err, errlen, "out of memory (a layer of %.1f MiB)", (double)layer_bytes(w, half) / (1 << 20));
        return -1;
    }
    double gap = 0, ex = 0;
    l->W = e == 0 && L >= 3 ? pb_wp_window_of(w, prev) : w->S;
    if (pb_wp_layer_solve(w, l, prev, ext, &gap, &ex, err, errlen) != 0)
        return -1;
    w->stats.window_width = fmax(w->stats.window_width, pb_wp_window_fill(w, l));
    for (int k = 0; k < 3; k++)
        w->stats.phase_seconds[k] += l->seconds[k];
    double t0 = seconds();
    int mono = w->resolving ? 0 : pb_wp_mono_layer(w, l, &w->stats.mono);   /* checked once, by the solve */
    w->stats.mono_seconds += seconds() - t0;
    if (mono != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    w->stats.max_exploit = fmax(w->stats.max_exploit, ex);
    if (e == 0)
        w->stats.max_gap = fmax(w->stats.max_gap, gap);
    w->stats.layers++;
    double solved = half == 3 ? 1 : 2.0 * l->W + 1, all = half == 3 ? 1 : 2.0 * w->S + 1,
           per = (double)l->nslices / (2 * w->S + 1) * (w->nreach + 3);
    w->stats.states += per * solved;
    w->stats.settled_states += per * (all - solved);
    if (e == 0 && L >= 3)
        w->win_half = half, w->win_L = L, w->win_W = l->W;
    /* the work done and the work left, in states (wp_work.c): the time left follows the states,
     * not the layers, which differ in size by half, extra plays and lead window */
    double after = pb_wp_work_after(w, w->stats.layers, w->win_half, w->win_L, w->win_W);
    if (!w->resolving)   /* a stretch solved again (wp_lockstep.c) reports its own progress */
        pb_progress_report("solving the game, states", w->stats.states, w->stats.states + after);
    return 0;
}

/* A half's bottom: the end of the half (L = 0), then L = 1 and 2 for every extra plays' count e
 * from E down (L = 1 with e reads L = 2 with e + 1, the extra play's layer), into head (and full);
 * *prev the natural L = 2 (e = 0), for the natural layers above, or empty in a one-card overtime. */
static int solve_bottom(pb_wp *w, int half, pb_wp_layer *prev, double **spare, size_t *live, char *err, size_t errlen)
{
    pb_wp_layer end, l1[2], l2[2];   /* l1/l2[e & 1] */
    memset(l1, 0, sizeof l1);
    memset(l2, 0, sizeof l2);
    memset(prev, 0, sizeof *prev);
    if (pb_wp_layer_alloc(w, &end, half, 0, 0) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_wp_layer_end(w, &end);
    int st = head_keep(w, &end);
    for (int e = w->E; e >= 0 && st == 0; e--) {
        pb_wp_layer *ext = e < w->E ? &l2[(e + 1) & 1] : NULL;
        pb_wp_layer_release(&l1[e & 1]);
        st = solve_layer(w, &l1[e & 1], half, 1, e, &end, ext, spare, err, errlen);
        if (st == 0 && ext)
            pb_wp_layer_release(ext);
        int two = e > 0 || pb_wp_cards(w, half) >= 2;   /* the natural L = 2: not in a one-card overtime */
        if (st == 0 && two)
            st = solve_layer(w, &l2[e & 1], half, 2, e, &l1[e & 1], NULL, spare, err, errlen);
        *live = *live > 4 * layer_bytes(w, half) ? *live : 4 * layer_bytes(w, half);
        if (st == 0)
            st = head_keep(w, &l1[e & 1]);
        if (st == 0 && two)
            st = head_keep(w, &l2[e & 1]);
        if (e > 0)
            pb_wp_layer_release(&l1[e & 1]);
    }
    pb_wp_layer_release(&end);
    pb_wp_layer_release(&l1[0]);
    pb_wp_layer_release(&l1[1]);
    pb_wp_layer_release(&l2[1]);
    if (st == 0)
        *prev = l2[0];
    else
        pb_wp_layer_release(&l2[0]);
    return st;
}

/* The natural layers from + 1 .. to above *prev (layer `from`), into head (and full); *prev is
 * released as the next is solved and left holding layer `to`. */
static int solve_natural(pb_wp *w, int half, int from, int to, pb_wp_layer *prev, double **spare, char *err,
                         size_t errlen)
{
    int st = 0;
    pb_wp_layer cur;
    for (int L = from + 1; L <= to && st == 0; L++) {
        st = solve_layer(w, &cur, half, L, 0, prev, NULL, spare, err, errlen);
        free(*spare);
        *spare = prev->v;   /* every value of a layer is written before it is read: no clearing */
        prev->v = NULL;
        pb_wp_layer_release(prev);
        if (st == 0) {
            st = head_keep(w, &cur);
            *prev = cur;
        }
    }
    return st;
}

/* One half, its natural layers into head (and full). */
static int solve_half(pb_wp *w, int half, char *err, size_t errlen)
{
    size_t live = layer_bytes(w, half);
    double *spare = NULL;   /* a released layer's values, for the next layer */
    pb_wp_layer prev;
    int st = solve_bottom(w, half, &prev, &spare, &live, err, errlen);
    if (st == 0)
        st = solve_natural(w, half, 2, pb_wp_cards(w, half), &prev, &spare, err, errlen);
    if (st == 0 && half == 2) {
        /* the second-half kickoff, by the kicking team's lead, both sides with all timeouts */
        for (int s = -w->S; s <= w->S; s++) {
            int sl = pb_wp_slice(w, 0, s, w->T, w->T);
            w->h2_lo[s + w->S] = prev.klo[2 * sl + PB_WP_KICK];
            w->h2_hi[s + w->S] = prev.khi[2 * sl + PB_WP_KICK];
        }
    }
    pb_wp_layer_release(&prev);
    free(spare);
    if ((size_t)live > w->stats.peak_bytes)
        w->stats.peak_bytes = live;
    if (st != 0 && !err[0])
        snprintf(err, errlen, "out of memory");
    return st;
}

/* The checkpoints (pb_wp_opts.checkpoint K): the natural layers L = 2, 2 + K, ... below each half's
 * top, and the overtime's every layer (a quarter's cards, the games that reach it are few). */
static void mark_checkpoints(pb_wp *w)
{
    if (w->checkpoint <= 0)
        return;
    for (int h = 1; h <= 2; h++)
        for (int L = 2; L < pb_wp_cards(w, h); L += w->checkpoint)
            w->keep_nat[h][L] = 1;
    if (w->ot) {
        for (int L = 0; L <= pb_wp_cards(w, 3); L++)
            w->keep_nat[3][L] = 1;
        w->keep_ext[3] = 1;
    }
}

void pb_wp_release_extras(pb_wp *w, int half, int L)
{
    for (int e = 1; L >= 1 && L <= 2 && e < 9; e++)
        if (w->fullx[half][L][e]) {
            pb_wp_layer_release(w->fullx[half][L][e]);
            free(w->fullx[half][L][e]);
            w->fullx[half][L][e] = NULL;
        }
}

void pb_wp_release_whole(pb_wp *w, int half, int L)
{
    if (w->full[half][L]) {
        pb_wp_layer_release(w->full[half][L]);
        free(w->full[half][L]);
        w->full[half][L] = NULL;
    }
    w->keep_nat[half][L] = 0;
    pb_wp_release_extras(w, half, L);
}

/* What a solve again must leave as it was: the statistics and the last lead window. */
typedef struct {
    pb_wp_stats stats;
    int win_half, win_L, win_W;
} solve_marks;

static solve_marks marks_of(const pb_wp *w) { return (solve_marks){w->stats, w->win_half, w->win_L, w->win_W}; }

static void marks_back(pb_wp *w, const solve_marks *m)
{
    w->stats = m->stats;
    w->win_half = m->win_half;
    w->win_L = m->win_L;
    w->win_W = m->win_W;
    w->resolving = 0;
}

/* The end of a solve again: its layer and spare values freed, the marks back, the message. */
static int resolved(pb_wp *w, const solve_marks *m, pb_wp_layer *prev, double *spare, int st, char *err, size_t errlen)
{
    pb_wp_layer_release(prev);
    free(spare);
    marks_back(w, m);
    if (st != 0 && !err[0])
        snprintf(err, errlen, "out of memory");
    return st;
}

int pb_wp_resolve_layers(pb_wp *w, int half, int from, int to, char *err, size_t errlen)
{
    err[0] = 0;
    const pb_wp_layer *base = from >= 2 && from <= 64 ? w->full[half][from] : NULL;
    if (!base || to > pb_wp_cards(w, half)) {
        snprintf(err, errlen, "half %d: no kept layer at %d cards left to solve from", half, from);
        return -1;
    }
    solve_marks m = marks_of(w);
    w->resolving = 1;
    for (int L = from + 1; L <= to; L++) {
        pb_wp_release_whole(w, half, L);
        w->keep_nat[half][L] = 1;
    }
    pb_wp_layer prev;   /* a copy of the kept layer, which the loop releases as it goes */
    memset(&prev, 0, sizeof prev);
    double *spare = NULL;
    int st = pb_wp_layer_alloc(w, &prev, half, from, 0);
    if (st == 0) {
        layer_copy(w, &prev, base);
        st = solve_natural(w, half, from, to, &prev, &spare, err, errlen);
    }
    return resolved(w, &m, &prev, spare, st, err, errlen);
}

int pb_wp_resolve_bottom(pb_wp *w, int half, char *err, size_t errlen)
{
    err[0] = 0;
    solve_marks m = marks_of(w);
    w->resolving = 1;
    for (int L = 0; L <= 2; L++) {
        pb_wp_release_whole(w, half, L);
        w->keep_nat[half][L] = 1;
    }
    w->keep_ext[half] = 1;
    size_t live = 0;
    double *spare = NULL;
    pb_wp_layer prev;
    int st = solve_bottom(w, half, &prev, &spare, &live, err, errlen);
    return resolved(w, &m, &prev, spare, st, err, errlen);
}

/* The geometry and the tables: everything but the values. */
/* The play tables, the two-point game, the reachable states and the rounding allowance. */
int pb_wp_tables_finish(pb_wp *w, char *err, size_t errlen)
{
    double t0 = seconds();
    int st = pb_wp_tables_build(w, err, errlen);
    if (st == 0)
        st = two_point_values(w, err, errlen);
    if (st == 0 && !w->reach && pb_wp_reach_build(w) != 0) {   /* (an answer: read from its value file) */
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    if (st == 0) {
        w->nreach = 0;
        for (int i = 0; i < w->F; i++)
            w->nreach += w->reach[i];
        w->eps = allowance(w);
        w->stats.epsilon = w->eps;
        w->lanes_halves = pb_wp_lanes_halves();
        w->fused = pb_wp_fused_arith();
        w->wide = pb_wp_wide();
        w->stats.fused = w->fused;
        w->stats.halves = w->lanes_halves;
    }
    w->stats.build_seconds = seconds() - t0;
    return st;
}

static int setup(pb_wp **out, const pb_ruleset *rs, const pb_policies *pol, int lead_cap, int keep_all, int keep_last,
                 int threads, int tables, char *err, size_t errlen)
{
    *out = NULL;
    /* OT=sudden-death: the overtime starts with a fair coin toss, so before it each team's
     * P(win) + P(tie)/2 is exactly 1/2 whatever the overtime's own equilibrium (the two teams'
     * values sum to 1, and either wins the toss with probability 1/2): a tie after the last card is
     * worth 1/2, as without overtime (pb_wp_end_value), and halves 1 and 2 do not read the
     * overtime. Its own moments are solved as half 3 (one quarter's cards; pb_wp_over). */
    if (2 * rs->plays_per_quarter > 64) {
        snprintf(err, errlen, "the game solver takes at most 32 plays per quarter (the ruleset has %d)",
                 rs->plays_per_quarter);
        return -1;
    }
    pb_wp *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    static atomic_ulong made;
    w->serial = atomic_fetch_add(&made, 1) + 1;
    w->rs = rs;
    w->pol = *pol;
    w->threads = threads < 1 ? 1 : threads;
    w->T = rs->sw.timeouts;
    w->P = 2 * rs->plays_per_quarter;
    w->S = pb_wp_lead_cap_for(rs, lead_cap);
    int ex = rs->extra_plays_max < 0 ? rs->set_aside : rs->extra_plays_max;
    w->E = ex < rs->set_aside ? ex : rs->set_aside;
    if (w->E > 2 * w->T)   /* each extra play costs a timeout: at most both teams' timeouts */
        w->E = 2 * w->T;
    if (w->E > 8)
        w->E = 8;
    w->downs = rs->downs;
    w->fdy = rs->first_down_yards;
    w->F = w->downs * PB_WP_DOWN_SLOTS;
    w->keep_all = keep_all;
    w->keep_last = keep_all ? 0 : keep_last;
    if (w->keep_last < 0 || w->keep_last > w->P) {
        snprintf(err, errlen, "keep the last %d cards of half 2: 1..%d (the cards of a half)", w->keep_last, w->P);
        free(w);
        return -1;
    }
    w->ot = rs->sw.overtime == PB_OT_SUDDEN_DEATH;
    w->stats.lead_cap = w->S;
    w->stats.mono.drop = -INFINITY;
    w->h2_lo = calloc((size_t)(2 * w->S + 1), sizeof(double));
    w->h2_hi = calloc((size_t)(2 * w->S + 1), sizeof(double));
    int st = (w->h2_lo && w->h2_hi) ? 0 : -1;
    if (st != 0)
        snprintf(err, errlen, "out of memory");
    if (st == 0 && tables)
        st = pb_wp_tables_finish(w, err, errlen);
    if (st != 0) {
        pb_wp_free(w);
        return -1;
    }
    *out = w;
    return 0;
}

int pb_wp_alloc_for_file(pb_wp **out, const pb_ruleset *rs, const pb_policies *pol, int lead_cap, int full,
                         int last, int threads, char *err, size_t errlen)
{
    if (setup(out, rs, pol, lead_cap, full, last, threads, 0, err, errlen) != 0)
        return -1;
    pb_wp *w = *out;
    for (int h = 1; h <= pb_wp_halves(w); h++)
        for (int L = 0; L <= pb_wp_top(w, h, w->E); L++) {
            int st = L <= pb_wp_cards(w, h) ? head_alloc(w, &w->head[h][L], h) : 0;
            for (int e = 1; st == 0 && L >= 1 && L <= 2 && e <= w->E; e++)
                st = head_alloc(w, &w->headx[h][L][e], h);
            if (st == 0 && pb_wp_keeps(w, h, L, 0) && L <= pb_wp_cards(w, h))
                st = (w->full[h][L] = layer_new(w, h, L, 0)) ? 0 : -1;
            for (int e = 1; st == 0 && pb_wp_keeps(w, h, L, e) && L >= 1 && L <= 2 && e <= w->E; e++)
                st = (w->fullx[h][L][e] = layer_new(w, h, L, e)) ? 0 : -1;
            if (st != 0) {
                snprintf(err, errlen, "out of memory");
                pb_wp_free(w);
                *out = NULL;
                return -1;
            }
        }
    return 0;
}

/* CPU nanoseconds a state takes (field states and slices, as pb_wp_stats counts them), measured on
 * the 2-core AMD EPYC (Zen 4, AVX-512) machines: v1.11-ja at the lead caps 30 and 56 took 160 to
 * 210; the 4-wide halves (AVX2 only) about 1.7 times that, choosing in play by value 4.8 times. */
#define NS_PER_STATE 185.0

double pb_wp_solve_estimate(const pb_ruleset *rs, const pb_policies *pol, int lead_cap, int threads)
{
    char err[PB_ERR_MAX];
    pb_wp *w = NULL;
    if (setup(&w, rs, pol, lead_cap, 0, 0, threads, 0, err, sizeof err) != 0)
        return -1;
    double states = pb_wp_work_all(w, w->F);   /* nearly every field state is reached (99 % in v1.11) */
    pb_wp_free(w);
    double ns = NS_PER_STATE * (pb_wp_lanes_halves() ? 1.7 : 1) * (pol->in_play_by_value ? 4.8 : 1);
    int cpus = pb_workers_default(), t = threads < 1 ? 1 : threads > cpus ? cpus : threads;
    return states * ns * 1e-9 / t;
}

int pb_wp_solve(pb_wp **out, const pb_wp_opts *o, char *err, size_t errlen)
{
    *out = NULL;
    err[0] = 0;
    if (!o || !o->rules) {
        snprintf(err, errlen, "no ruleset");
        return -1;
    }
    pb_wp *w = NULL;
    pb_progress_report("building the play tables", 0, 0);
    if (setup(&w, o->rules, &o->policies, o->lead_cap, o->keep_all, o->keep_last, o->threads, 1, err, errlen) != 0)
        return -1;
    w->dist = o->dist && o->dist->size > 1 ? o->dist : NULL;
    w->checkpoint = o->keep_all ? 0 : o->checkpoint;
    mark_checkpoints(w);
    double t1 = seconds();
    int st = pb_wp_dense_build(w);
    if (st != 0)
        snprintf(err, errlen, "out of memory");
    if (st == 0 && w->ot)
        st = solve_half(w, 3, err, errlen);
    if (st == 0)
        st = solve_half(w, 2, err, errlen);
    if (st == 0)
        st = solve_half(w, 1, err, errlen);
    w->stats.solve_seconds = seconds() - t1;
    if (st != 0) {
        pb_wp_free(w);
        return -1;
    }
    *out = w;
    return 0;
}

void pb_wp_free(pb_wp *w)
{
    if (!w)
        return;
    pb_wp_tables_release(w);
    pb_wp_dense_free(w);
    pb_wp_rec_pool_free(w);
    for (int h = 0; h < 4; h++)
        for (int L = 0; L <= 64; L++) {
            for (int e = 0; e < (L >= 1 && L <= 2 ? 9 : 1); e++) {
                pb_wp_head *hd = e == 0 ? &w->head[h][L] : &w->headx[h][L][e];
                free(hd->first_lo);
                free(hd->first_hi);
                free(hd->pmid);
                free(hd->prad);
                free(hd->klo);
                free(hd->khi);
                free(hd->tlo);
                free(hd->thi);
            }
            if (w->full[h][L]) {
                pb_wp_layer_release(w->full[h][L]);
                free(w->full[h][L]);
            }
            for (int e = 0; L <= 2 && e < 9; e++)
                if (w->fullx[h][L][e]) {
                    pb_wp_layer_release(w->fullx[h][L][e]);
                    free(w->fullx[h][L][e]);
                }
        }
    for (int t = 0; t <= PB_DRIVE_TOGO; t++)
        free(w->cell_buf[t]);
    free(w->h2_lo);
    free(w->h2_hi);
    free(w);
}

void pb_wp_stats_get(const pb_wp *w, pb_wp_stats *out) { *out = w->stats; }
const pb_ruleset *pb_wp_rules(const pb_wp *w) { return w->rs; }
int pb_wp_lead_cap(const pb_wp *w) { return w->S; }

int pb_wp_lead_cap_for(const pb_ruleset *rs, int lead_cap)
{
    int cap = 8 * 4 * rs->plays_per_quarter + 8, S = lead_cap > 0 ? lead_cap : PB_WP_LEAD_CAP_DEFAULT;
    return S > cap ? cap : S;
}
int pb_wp_cards_per_half(const pb_wp *w) { return w->P; }

int pb_wp_check_moment(const pb_wp *w, const pb_wp_moment *m, char *err, size_t errlen)
{
    int P = m->half == 3 ? w->P / 2 : w->P;
    if (m->half < 1 || m->half > pb_wp_halves(w))
        snprintf(err, errlen, "half %d is not in the game (1 or 2%s)", m->half,
                 w->ot ? "; 3 the overtime" : "; the ruleset has no overtime: OT=sudden-death adds one, half 3");
    else if (m->half == 3 && m->kind == PB_WP_TRY)
        snprintf(err, errlen, "the overtime has no try: the touchdown ends the game");
    else if (m->half == 3 && m->kind == PB_WP_FREE_KICK)
        snprintf(err, errlen, "the overtime has no free kick: the safety ends the game");
    else if (m->half == 3 && m->lead != 0)
        snprintf(err, errlen, "lead %+d in the overtime: the first score ends the game, so the lead is 0", m->lead);
    else if (m->left < (m->kind == PB_WP_SNAP || m->kind == PB_WP_TRY ? 0 : 1) || m->left > P)
        snprintf(err, errlen, "%d cards left is not in %s (%d..%d; 0: after the last card)", m->left,
                 m->half == 3 ? "the overtime" : "a half", m->kind == PB_WP_SNAP || m->kind == PB_WP_TRY ? 0 : 1, P);
    else if (m->timeouts_own < 0 || m->timeouts_own > w->T || m->timeouts_opp < 0 || m->timeouts_opp > w->T)
        snprintf(err, errlen, "timeouts %d,%d: each side has 0..%d", m->timeouts_own, m->timeouts_opp, w->T);
    else if (m->extras != 0)
        snprintf(err, errlen, "moments after an extra play are not kept (extras must be 0)");
    else if (m->kind == PB_WP_SNAP && (m->togo < 1 || m->togo > PB_DRIVE_TOGO))
        snprintf(err, errlen, "togo %d is off the field (1..99)", m->togo);
    else if (m->kind == PB_WP_SNAP && (m->down < 1 || m->down > w->downs))
        snprintf(err, errlen, "down %d is not a down (1..%d)", m->down, w->downs);
    else if (m->kind == PB_WP_SNAP && (m->ytg < 1 || m->ytg > m->togo))
        snprintf(err, errlen, "ytg %d does not fit togo %d (1..togo)", m->ytg, m->togo);
    else if (m->kind == PB_WP_SNAP && !w->reach[pb_wp_index(m->togo, m->down, m->ytg)])
        snprintf(err, errlen, "down %d and %d to gain at togo %d cannot occur in a game (no play leads there)",
                 m->down, m->ytg, m->togo);
    else
        return 0;
    return -1;
}

int pb_wp_value_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_value *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (pb_wp_check_moment(w, m, err, errlen) != 0)
        return -1;
    int r = m->half == 1 ? (m->receives_second != 0) : 0;
    int s = m->lead, cs = s > w->S ? w->S : s < -w->S ? -w->S : s;
    int sl = pb_wp_slice(w, r, cs, m->timeouts_own, m->timeouts_opp);
    const pb_wp_head *h = &w->head[m->half][m->left];
    const pb_wp_layer *full = w->full[m->half][m->left];
    double lo = NAN, hi = NAN;
    out->stored = 1;
    switch (m->kind) {
    case PB_WP_KICKOFF:
    case PB_WP_FREE_KICK:
        lo = h->klo[2 * sl + (m->kind == PB_WP_FREE_KICK)];
        hi = h->khi[2 * sl + (m->kind == PB_WP_FREE_KICK)];
        break;
    case PB_WP_TRY:
        lo = h->tlo[sl];
        hi = h->thi[sl];
        break;
    case PB_WP_SNAP:
        if (full) {
            size_t i = (size_t)sl * w->F + pb_wp_index(m->togo, m->down, m->ytg);
            lo = full->v[i] - full->rad[sl * 100 + m->togo];
            hi = full->v[i] + full->rad[sl * 100 + m->togo];
        } else if (m->down == 1 && m->ytg == (w->fdy < m->togo ? w->fdy : m->togo)) {
            lo = h->first_lo[sl * 100 + m->togo];
            hi = h->first_hi[sl * 100 + m->togo];
        } else {
            pb_wp_moment c = *m;
            c.lead = cs;
            if (pb_wp_recompute(w, &c, 0, 0, &lo, &hi, &out->states, err, errlen) != 0)
                return -1;
            out->recomputed = 1;
        }
        break;
    }
    if (s > w->S)
        hi = 1.0;
    else if (s < -w->S)
        lo = 0.0;
    lo = lo < 0 ? 0 : lo;   /* a value is a probability */
    hi = hi > 1 ? 1 : hi;
    out->lo = lo;
    out->hi = hi;
    out->wp = 0.5 * (lo + hi);
    out->bound = 0.5 * (hi - lo) + 2 * PB_DRIVE_U;
    return 0;
}
