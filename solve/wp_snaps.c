/* solve/wp_snaps.c: phase A of a layer (wp_layer.c): every snap's 3 x 5 matrix game from the layer
 * below, solved once per state, with certified bounds M_lo, M_hi from the mixes of the game at
 * the successors' midpoints (as in the drive solver).
 *
 * The entries cost most of a solve: per state 15 cells x up to 3 timeout groups, each a sum over
 * some 50 gains. Slices that differ only in the lead (same half flag r, same timeouts a, b, the
 * lead's sign alike, so the same cells) are done side by side, a batch of PB_WP_LANES slices as
 * the lanes of one vector (wp_lanes): their successors' values are laid lane by lane, and each
 * gain's probability is loaded once for the whole batch. The sums are wp_kernel_internal.h's, the same
 * code for one state (pb_wp_snap_matrix, for the answers), so both give the same bits. The batch
 * code has two copies, the lanes whole (a machine with AVX-512) and as two 4-wide halves (the
 * others: pb_wp.lanes_halves), each compiled for AVX-512, AVX2 and the baseline, picked at run
 * time (target_clones), with each product and each sum rounded (C11 mode contracts no a * b + c);
 * and, where the machine has FMA (pb_wp.fused), copies with one fused multiply-add a term,
 * compiled for AVX-512 + FMA and AVX2 + FMA. Within either arithmetic every width, every clone and
 * the one-state code give the same bits. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "matgame.h"
#include "wp_internal.h"

static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }

typedef double wp_lanes __attribute__((vector_size(PB_WP_LANES * sizeof(double))));

/* A fused multiply-add, *r = a x *b + *r with one rounding: C's fma() (GCC's builtin; an
 * instruction where the function is compiled for FMA, a call to the C library's correctly rounded
 * one elsewhere), lane by lane for the vectors (GCC makes one vector instruction of the loop). */
#define WK_VAL double
#define WK(name) name##_one
#define WK_FMA(r, a, b) (*(r) = __builtin_fma((a), *(b), *(r)))
#include "wp_kernel_internal.h"
#undef WK_VAL
#undef WK
#undef WK_FMA
typedef double wp_half __attribute__((vector_size(PB_WP_LANES / 2 * sizeof(double)), may_alias));
static inline __attribute__((always_inline)) void lanes_fma(wp_lanes *r, double a, const wp_lanes *b)
{
    wp_lanes f;
    for (int i = 0; i < PB_WP_LANES; i++)
        f[i] = __builtin_fma(a, (*b)[i], (*r)[i]);
    *r = f;
}
#define WK_VAL wp_lanes
#define WK_HALF wp_half
#define WK(name) name##_lanes
#define WK_FMA(r, a, b) lanes_fma((r), (a), (b))
#include "wp_kernel_internal.h"
#undef WK_VAL
#undef WK_HALF
#undef WK
#undef WK_FMA

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && !defined(PB_WP_NO_CLONES)
#define PB_WP_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#define PB_WP_FMA_WHOLE __attribute__((target("avx512f,fma")))
#define PB_WP_FMA_HALVES __attribute__((target("avx2,fma")))
#define PB_WP_FMA_ONE __attribute__((target("fma")))
#define PB_WP_HAS_FMA_ONE 1
#else
#define PB_WP_HAS_FMA_ONE 0
#define PB_WP_CLONES
#define PB_WP_FMA_WHOLE
#define PB_WP_FMA_HALVES
#endif

/* The successors of slice (r, s, a, b) for a play spending the timeouts of group g: the slices
 * of the offense and of the opponent in prev, the scalar ones as midpoints, and the half-widths
 * of all of them. */
typedef struct {
    int own, opp;
    double td, sf, ttd;
    const double *rown, *ropp;   /* the slices' half-widths by togo */
    double r[3];                 /* td, sf, ttd */
} succ_of;

static void successors(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int g, succ_of *x)
{
    int ag = a - (g == 1), bg = b - (g == 2), ro = prev->half == 1 ? 1 - r : 0;
    x->own = pb_wp_slice(w, r, s, ag, bg);
    x->opp = pb_wp_slice(w, ro, -s, bg, ag);
    double td_lo, td_hi, sf_lo, sf_hi, tt_lo, tt_hi;
    pb_wp_try_at(w, prev, r, s + 6, ag, bg, &td_lo, &td_hi);
    pb_wp_kick_at(w, prev, PB_WP_FREE, r, s - 2, ag, bg, &sf_lo, &sf_hi);
    pb_wp_try_at(w, prev, ro, -s + 6, bg, ag, &tt_lo, &tt_hi);
    x->td = 0.5 * (td_lo + td_hi);
    x->sf = 0.5 * (sf_lo + sf_hi);
    x->ttd = 0.5 * ((1.0 - tt_lo) + (1.0 - tt_hi));
    double r1 = 0.5 * (td_hi - td_lo), r2 = 0.5 * (sf_hi - sf_lo), r3 = 0.5 * ((1.0 - tt_lo) - (1.0 - tt_hi));
    x->rown = prev->rad + (size_t)x->own * 100;
    x->ropp = prev->rad + (size_t)x->opp * 100;
    x->r[0] = r1;
    x->r[1] = r2;
    x->r[2] = r3;
}

static inline int on_field(int t) { return t < 1 ? 1 : t > PB_DRIVE_TOGO ? PB_DRIVE_TOGO : t; }

/* The dense form of 15 cells at togo t (wp_kernel_internal.h's entries): the gains, D[m - mlo][c]
 * the probability of gain m in cell c, 0 where the cell has none (mlo .. mhi: the gains of any
 * cell, mhi < mlo when none); and the penalties, one column per signed yardage and kind of foul
 * (a cell with two penalties alike takes a second column, so no probabilities are added). Every
 * gain is in t - 99 .. t - 1 (a loss beyond the own goal line is a safety, a gain to the goal a
 * touchdown), so D has at most 99 rows and every slot read is a state. -1: more penalty columns
 * than wp_dense holds. */
static int dense_of(const pb_drive_cell *const *cell, int t, wp_dense *dz)
{
    int lo = 1 << 20, hi = -(1 << 20);
    for (int c = 0; c < 15; c++)
        if (cell[c]->ng > 0) {
            lo = cell[c]->gmin < lo ? cell[c]->gmin : lo;
            hi = cell[c]->gmin + cell[c]->ng - 1 > hi ? cell[c]->gmin + cell[c]->ng - 1 : hi;
        }
    dz->mlo = lo;
    dz->mhi = hi;
    if (hi >= lo) {
        if (lo < t - PB_DRIVE_TOGO || hi - lo + 1 > PB_DRIVE_TOGO)
            return -1;
        for (int m = lo; m <= hi; m++) {
            for (int c = 0; c < 15; c++) {
                int k = m - cell[c]->gmin;
                dz->D[m - lo][c] = k >= 0 && k < cell[c]->ng ? cell[c]->pg[k] : 0.0;
            }
            dz->D[m - lo][15] = 0.0;
        }
    }
    unsigned char used[WK_PEN_MAX][WK_DENSE_W];
    dz->npen = 0;
    for (int c = 0; c < 15; c++)
        for (int k = 0; k < cell[c]->npen; k++) {
            int m = cell[c]->pen_m[k], def = cell[c]->pen_def[k] != 0, col = 0;
            while (col < dz->npen && (dz->pen_m[col] != m || dz->pen_def[col] != def || used[col][c]))
                col++;
            if (col == dz->npen) {
                if (col == WK_PEN_MAX)
                    return -1;
                dz->pen_m[col] = m;
                dz->pen_def[col] = (unsigned char)def;
                memset(used[col], 0, sizeof used[col]);
                memset(dz->pen[col], 0, sizeof dz->pen[col]);
                dz->npen++;
            }
            used[col][c] = 1;
            dz->pen[col][c] = cell[c]->pen_p[k];
        }
    return 0;
}

/* The dense forms of every togo's 15 cells by variant and group, made once for a solve: a batch
 * needs them at each togo for each of its groups, and some 10^5 batches a layer made them anew (4 %
 * of a solve). 50 MB; ok is 0 where dense_of found too many penalty columns. */
struct pb_wp_dense_tab {
    unsigned char ok[PB_DRIVE_TOGO + 1][PB_WP_VARIANTS][PB_WP_GROUPS];
    wp_dense d[PB_DRIVE_TOGO + 1][PB_WP_VARIANTS][PB_WP_GROUPS];
};

/* The cells the entries are summed from: the policies' in play by value (the points add their
 * gain over them), unless the test hook sums each cell's points whole from the plain cells. */
static int policy_cells(const pb_wp *w) { return w->pcell && !pb_wp_test_nodes_cellwise; }

static void cells_at(const pb_wp *w, int t, int v, int g, const pb_drive_cell *cell[15])
{
    for (int c = 0; c < 15; c++)
        cell[c] = policy_cells(w) ? &w->pcell[t][c / 5][c % 5][v][g] : &w->cell[t][c / 5][c % 5][v][g];
}

/* The cells the bounds read: the outcomes reached with no decision (the points add their own). */
static void plain_cells_at(const pb_wp *w, int t, int v, int g, const pb_drive_cell *cell[15])
{
    for (int c = 0; c < 15; c++)
        cell[c] = &w->cell[t][c / 5][c % 5][v][g];
}

int pb_wp_dense_build(pb_wp *w)
{
    pb_wp_dense_free(w);
    struct pb_wp_dense_tab *tab = malloc(sizeof *tab);
    if (!tab)
        return -1;
    memset(tab->ok, 0, sizeof tab->ok);
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int v = 0; v < PB_WP_VARIANTS; v++)
            for (int g = 0; g < PB_WP_GROUPS; g++) {
                const pb_drive_cell *cell[15];
                cells_at(w, t, v, g, cell);
                tab->ok[t][v][g] = dense_of(cell, t, &tab->d[t][v][g]) == 0;
            }
    w->dense_tab = tab;
    return 0;
}

void pb_wp_dense_free(pb_wp *w)
{
    free(w->dense_tab);
    w->dense_tab = NULL;
}

/* The dense form of the 15 cells at (t, v, g): the solve's table, or made in room (the answers from
 * a value file, and layers solved outside pb_wp_solve, as the in-play tests do). NULL: too many
 * penalty columns. */
static const wp_dense *dense_at(const pb_wp *w, int t, int v, int g, wp_dense *room)
{
    if (w->dense_tab && !pb_wp_test_nodes_cellwise)
        return w->dense_tab->ok[t][v][g] ? &w->dense_tab->d[t][v][g] : NULL;
    const pb_drive_cell *cell[15];
    cells_at(w, t, v, g, cell);
    return dense_of(cell, t, room) == 0 ? room : NULL;
}

/* How far an entry of cell c at togo t can be from its value at the successors' midpoints: each
 * outcome's probability times the half-width of where it leads (the offense's states at the new
 * togo, the opponent's, the try, the free kick, the opponent's try). It does not depend on the
 * down or the yards to gain, but on the last down a gain short of the line gives the ball over,
 * so there a gain counts the wider of the two. */
static double cell_radius(const pb_drive_cell *c, int t, int last, const succ_of *x)
{
    double s = 0;
    for (int k = 0; k < c->ng; k++) {
        int to = on_field(t - (c->gmin + k));
        s += c->pg[k] * (last ? dmax(x->rown[to], x->ropp[100 - to]) : x->rown[to]);
    }
    for (int k = 0; k < c->npen; k++)
        s += c->pen_p[k] * x->rown[on_field(t - c->pen_m[k])];
    for (int k = 0; k < c->nto; k++)
        s += c->to_p[k] * x->ropp[on_field(c->to_t[k])];
    return s + c->p_td * x->r[0] + c->p_safety * x->r[1] + c->p_ttd * x->r[2];
}

/* The half-widths of a batch's successors, lane by lane (one group): the offense's by togo, the
 * wider of the offense's and the opponent's at each togo (a last down's gain short of the line),
 * the opponent's, and the scalar ones (td, sf, ttd). */
typedef struct {
    wp_lanes own[101], last[101], opp[101], r[3];
} rad_lanes;

static void rad_lanes_of(const succ_of *so, rad_lanes *rl)
{
    for (int t = 0; t <= 100; t++)   /* a slice's radii are togo 0..99; cell_radius reads 1..99 */
        for (int j = 0; j < PB_WP_LANES; j++) {
            int in = t >= 1 && t <= PB_DRIVE_TOGO;
            rl->own[t][j] = in ? so[j].rown[t] : 0;
            rl->opp[t][j] = in ? so[j].ropp[t] : 0;
            rl->last[t][j] = in ? dmax(so[j].rown[t], so[j].ropp[100 - t]) : 0;
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < PB_WP_LANES; j++)
            rl->r[i][j] = so[j].r[i];
}

/* An entry's radius as the bounds use it (the snaps' phase A: each entry's own, weighted by the
 * mixes; the answers' pb_wp_snap_matrix: the widest of the 15), with the rounding of the sums that
 * made it (a relative 1e-12 is far above it) and of the entries (eps). */
static double state_radius(const pb_wp *w, double widest) { return widest * (1 + 1e-12) + w->eps; }

/* The opponent's 1st downs of slice k, by togo (0 and 100 unused). */
static void opp_firsts(const pb_wp *w, const pb_wp_layer *prev, int k, double *o)
{
    o[0] = o[100] = 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        o[t] = prev->v[(size_t)k * w->F + pb_wp_first(w, t)];
}

/* The half-widths of one slice's successors, as the decision points' bound reads them (wp_nodes.c). */
static void node_radii_of(const succ_of *so, pb_wp_node_radii *x)
{
    x->rown = so->rown;
    x->ropp = so->ropp;
    for (int i = 0; i < 3; i++)
        x->r[i] = so->r[i];
}

/* The mixes need not be exact: the interval below holds for any pair, and its width is the
 * pair's exploitability plus 2R; a pair within 1e-13 of an equilibrium is taken as it is. */
#define PB_WP_MIX_TOL 1e-13

/* The game at the midpoints and its certified interval: what the offense's mix x guarantees with
 * each entry at the low end of its radius r, min_j sum_i x_i (A_ij - r_ij) / sum x, and what the
 * defense's mix y concedes, max_i sum_j (A_ij + r_ij) y_j / sum y (r[5 i + j]; r holds the
 * rounding). hint[0], hint[1]: the supports of the lane's last two mixed games whose supports
 * differed, the latest first; near (or NULL): the supports of the same state's game one lead
 * lower, just solved in the lane before. Each is tried (pb_mg_solve_support, two small linear
 * systems) before the simplex: hint[0], then near, then hint[1]. (v1.11-ja at lead cap 8: hint[0]
 * serves 88 % of the mixed games; of the 10 % the simplex solved with two guesses, near serves
 * four in five.) */
static int solve_state(const pb_mg_game *gm, const double *r, pb_mg_support *hint, const pb_mg_support *near,
                       int first_failed, double *lo, double *hi, double *exploit)
{
    pb_mg_solution so;
    int st = first_failed ? 0 : pb_mg_solve_support(gm, PB_WP_MIX_TOL, hint[0], &so);
    if (st == 0 && near && (st = pb_mg_solve_support(gm, PB_WP_MIX_TOL, *near, &so)) == 1) {
        hint[1] = hint[0];   /* the neighbour's supports become the first guess */
        hint[0] = *near;
    }
    if (st == 0 && (st = pb_mg_solve_support(gm, PB_WP_MIX_TOL, hint[1], &so)) == 1) {
        pb_mg_support h = hint[0];   /* the second guess was right: it becomes the first */
        hint[0] = hint[1];
        hint[1] = h;
    }
    if (st == 0) {   /* none: the simplex, and its supports the first guess */
        if (pb_mg_solve_loose(gm, PB_WP_MIX_TOL, &so) != 0)
            return -1;
        hint[1] = hint[0];
        pb_mg_support_of(&so, 3, 5, &hint[0]);
    }
    if (st < 0)
        return -1;
    *exploit = so.exploit;
    double xs = so.row[0] + so.row[1] + so.row[2], ys = 0, cl = INFINITY, cu = -INFINITY;
    for (int j = 0; j < 5; j++)
        ys += so.col[j];
    for (int j = 0; j < 5; j++)
        cl = dmin(cl, (so.row[0] * (gm->a[0][j] - r[j]) + so.row[1] * (gm->a[1][j] - r[5 + j]) +
                       so.row[2] * (gm->a[2][j] - r[10 + j])) / xs);
    for (int o = 0; o < 3; o++) {
        double u = 0;
        for (int j = 0; j < 5; j++)
            u += (gm->a[o][j] + r[5 * o + j]) * so.col[j];
        cu = dmax(cu, u / ys);
    }
    *lo = dmax(0.0, cl);
    *hi = dmin(1.0, cu);
    return 0;
}

/* The batch's lane-by-lane helpers (wp_lanes_internal.h), twice: the lanes as two 4-wide halves
 * (the names _halves) and whole (_whole). run_batch has a copy for each (pb_wp.lanes_halves). */
typedef __typeof__((wp_lanes){0} < (wp_lanes){0}) wp_mask;
typedef wp_mask wp_lanes_mask __attribute__((may_alias));
typedef __typeof__((wp_half){0} < (wp_half){0}) wp_half_cmp;
typedef wp_half_cmp wp_half_mask __attribute__((may_alias));
#define WL_VEC wp_half
#define WL_MASK wp_half_mask
#define WL_PARTS 2
#define WL(name) name##_halves
#include "wp_lanes_internal.h"
#define WL_VEC wp_lanes
#define WL_MASK wp_lanes_mask
#define WL_PARTS 1
#define WL(name) name##_whole
#include "wp_lanes_internal.h"

/* ---- batches ---- */

/* A batch: half flag r, timeouts a, b, leads s0 .. s0 + n - 1 (all > 0 or all <= 0; in the
 * overtime the lead 0 alone). */
typedef struct {
    int r, a, b, s0, n;
} batch;

static int batch_of(const pb_wp *w, int half, int k, batch *bt)
{
    int per_sign[2] = {(w->S + 1 + PB_WP_LANES - 1) / PB_WP_LANES, (w->S + PB_WP_LANES - 1) / PB_WP_LANES};
    int per_rab = half == 3 ? 1 : per_sign[0] + per_sign[1], tb = w->T + 1;
    int rab = k / per_rab, i = k % per_rab;
    if (rab >= pb_wp_nr(w, half) * tb * tb)
        return -1;
    bt->b = rab % tb;
    bt->a = rab / tb % tb;
    bt->r = rab / (tb * tb);
    if (half == 3) {         /* the overtime: only the lead 0 is in play (pb_wp_over) */
        bt->s0 = 0;
        bt->n = 1;
    } else if (i < per_sign[0]) {   /* leads 0, -1 .. -S, by batches from 0 (the lead window's, wp_window.c) */
        int top = -i * PB_WP_LANES, low = top - (PB_WP_LANES - 1) < -w->S ? -w->S : top - (PB_WP_LANES - 1);
        bt->s0 = low;
        bt->n = top - low + 1;
    } else {                 /* leads 1 .. S */
        bt->s0 = 1 + (i - per_sign[0]) * PB_WP_LANES;
        bt->n = w->S + 1 - bt->s0 < PB_WP_LANES ? w->S + 1 - bt->s0 : PB_WP_LANES;
    }
    return 0;
}

int pb_wp_lanes_halves(void)
{
    const char *e = getenv("PB_WP_HALVES");
    if (e && (e[0] == '0' || e[0] == '1') && !e[1])
        return e[0] == '1';
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    return !__builtin_cpu_supports("avx512f");
#else
    return 1;
#endif
}

int pb_wp_wide(void)
{
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    return __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

int pb_wp_fused_arith(void)
{
    const char *e = getenv("PB_WP_FMA");
    if (e && e[0] == '0' && !e[1])
        return 0;
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
#elif defined(FP_FAST_FMA)
    return 1;   /* fma() is an instruction (aarch64) */
#else
    return 0;
#endif
}

int pb_wp_snap_batches(const pb_wp *w, int half)
{
    int n = 0;
    batch bt;
    while (batch_of(w, half, n, &bt) == 0)
        n++;
    return n;
}

int pb_wp_test_plain_sums;
pb_wp_entries_hook *pb_wp_test_entries;
double pb_wp_test_plant;

/* A thread's room for one batch at a time (pb_wp_snaps_work). */
struct pb_wp_snaps_work {
    wp_lanes opp[PB_WP_GROUPS][101];
    rad_lanes rad[PB_WP_GROUPS];
    parts_lanes pt[15][PB_WP_GROUPS];
    wp_dense dense[PB_WP_GROUPS];   /* the dense forms when no table was made (a layer solved alone) */
    wp_lanes *altv;               /* in play by value: the plan's scratch (w->nplan_alt) */
    wp_lanes *kalt;               /* and the fixed part of its short alternatives at one togo */
    parts_lanes *lpt[PB_WP_GROUPS];   /* the long alternatives' parts, 15 x long_chunks(w) a group */
    wp_dense *ldz[PB_WP_GROUPS];      /* their dense forms, long_chunks(w) a group */
    wp_lanes own[];               /* [group * F + pb_wp_index]: the offense's values, lane by lane */
};
typedef struct pb_wp_snaps_work lane_work;

static int long_chunks(const pb_wp *w) { return w->nplan ? (w->nplan_long + 14) / 15 : 0; }

pb_wp_snaps_work *pb_wp_snaps_work_new(const pb_wp *w)
{
    size_t nown = (size_t)PB_WP_GROUPS * w->F, nalt = w->nplan ? (size_t)w->nplan_alt + 1 : 0,
           nch = (size_t)long_chunks(w);
    size_t vals = (nown + 3 * nalt) * sizeof(wp_lanes);
    size_t parts = PB_WP_GROUPS * 15 * nch * sizeof(parts_lanes);
    size_t bytes = sizeof(lane_work) + vals + parts + PB_WP_GROUPS * nch * sizeof(wp_dense);
    lane_work *wk = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (wk) {
        wk->altv = wk->own + nown;
        wk->kalt = wk->altv + 2 * nalt;
        char *at = (char *)(wk->kalt + nalt);
        for (int g = 0; g < PB_WP_GROUPS; g++) {
            wk->lpt[g] = (parts_lanes *)at + (size_t)g * 15 * nch;
            wk->ldz[g] = (wp_dense *)(at + parts) + (size_t)g * nch;
        }
    }
    return wk;
}

/* The long alternatives' cells of plan pl at togo t, 15 a chunk (the last padded with empty cells):
 * their dense forms (the parts are the caller's, by type). -1: too many penalty columns. */
static const pb_drive_cell empty_cell;

static const pb_drive_cell *long_cell(const pb_wp_nplan *pl, int g, int i)
{
    return i < pl->nlong[g] ? &pl->lcell[g][i] : &empty_cell;
}

static int long_dense(const pb_wp_nplan *pl, int g, int t, wp_dense *ldz)
{
    for (int k = 0; 15 * k < pl->nlong[g]; k++) {
        const pb_drive_cell *cells[15];
        for (int c = 0; c < 15; c++)
            cells[c] = long_cell(pl, g, 15 * k + c);
        if (dense_of(cells, t, &ldz[k]) != 0)
            return -1;
    }
    return 0;
}

void pb_wp_snaps_work_free(pb_wp_snaps_work *wk) { free(wk); }

/* A helper of the batch's width: halves is a constant in each copy of run_batch_body. */
#define BY_WIDTH(f, ...) (halves ? f##_halves(__VA_ARGS__) : f##_whole(__VA_ARGS__))

static inline __attribute__((always_inline)) int run_batch_body(const pb_wp *w, pb_wp_layer *l,
                                                                const pb_wp_layer *prev, const batch *bt,
                                                                const int *slice, const int *active, const int *solve,
                                                                lane_work *wk, double *mrad, double *exploit,
                                                                const int halves, const int fz)
{
    int v = pb_wp_variant(bt->s0, bt->a, bt->b);
    int use[PB_WP_GROUPS] = {1, bt->a > 0, bt->b > 0};
    succ_of so[PB_WP_GROUPS][PB_WP_LANES];
    succ_lanes x[PB_WP_GROUPS];
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        if (!use[g])
            continue;
        double o100[101];
        const double *src[PB_WP_LANES];
        for (int j = 0; j < PB_WP_LANES; j++) {
            int s = bt->s0 + (j < bt->n ? j : 0);
            successors(w, prev, bt->r, s, bt->a, bt->b, g, &so[g][j]);
            x[g].td[j] = so[g][j].td;
            x[g].sf[j] = so[g][j].sf;
            x[g].ttd[j] = so[g][j].ttd;
            src[j] = prev->v + (size_t)so[g][j].own * w->F;
            opp_firsts(w, prev, so[g][j].opp, o100);
            for (int t = 0; t <= 100; t++)
                wk->opp[g][t][j] = o100[t];
        }
        /* the lanes' successor slices side by side, a lane vector at a time (one lane at a time
         * wrote each of the 1.3 MB's lines PB_WP_LANES times) */
        wp_lanes *dst = wk->own + (size_t)g * w->F;
        for (int i = 0; i < w->F; i++)
#pragma GCC unroll 8
            for (int j = 0; j < PB_WP_LANES; j++)
                dst[i][j] = src[j][i];
        x[g].own = wk->own + (size_t)g * w->F;
        x[g].opp = wk->opp[g];
        rad_lanes_of(so[g], &wk->rad[g]);
    }
    double worst[PB_WP_LANES] = {0};
    pb_mg_support hint[PB_WP_LANES][2];   /* each lane's last supports: a slice's states in a fixed order */
    memset(hint, 0, sizeof hint);
    for (int j = 0; j < bt->n; j++)
        if (active[j])
            mrad[(size_t)slice[j] * 100] = 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        double mr[PB_WP_LANES] = {0};   /* the largest half-width at this togo */
        wp_lanes Rcell[2][15];   /* [last down][cell]: each entry's radius by lane (state_radius applied) */
        const pb_drive_cell *gcells[PB_WP_GROUPS][15], *rcells[PB_WP_GROUPS][15];   /* the values', the bounds' */
        const parts_lanes *gparts[PB_WP_GROUPS][15];
        const wp_dense *dz[PB_WP_GROUPS] = {NULL};
        wp_lanes Rn[15][2];   /* in play by value: the decision points' bound by cell */
        for (int g = 0; g < PB_WP_GROUPS; g++) {
            cells_at(w, t, v, g, gcells[g]);
            plain_cells_at(w, t, v, g, rcells[g]);
            for (int c = 0; c < 15; c++)
                gparts[g][c] = &wk->pt[c][g];
            if (use[g] && !(dz[g] = dense_at(w, t, v, g, &wk->dense[g])))
                return -1;
            if (w->nplan && use[g]) {   /* the long alternatives of the decision points */
                const pb_wp_nplan *pl = &w->nplan[t][v];
                if (long_dense(pl, g, t, wk->ldz[g]) != 0)
                    return -1;
                for (int i = 0; i < (pl->nlong[g] + 14) / 15 * 15; i++)
                    parts_of_lanes(w, long_cell(pl, g, i), t, &x[g], &wk->lpt[g][i], fz);
            }
        }
        wp_lanes rr[PB_WP_GROUPS][2][15];   /* each group's entries' radii: [group][last down][cell] */
        for (int g = 0; g < PB_WP_GROUPS; g++)
            if (use[g]) {
                parts_lanes *pt[15];
                for (int c = 0; c < 15; c++)
                    pt[c] = &wk->pt[c][g];
                parts_all_lanes(w, gcells[g], dz[g], t, &x[g], pt, fz);
                BY_WIDTH(cell_radius_all, rcells[g], t, &wk->rad[g], rr[g][0], rr[g][1]);
            }
        for (int c = 0; c < 15; c++) {
            wp_lanes Rc[2] = {{0}, {0}};
            for (int g = 0; g < PB_WP_GROUPS; g++) {
                if (!use[g])
                    continue;
                Rc[0] += rr[g][0][c];
                Rc[1] += rr[g][1][c];
            }
            if (w->nplan) {
                if (c == 0) {
                    BY_WIDTH(plan_radius_lanes, &w->nplan[t][v], t, wk->rad, wk->altv, Rn);
                    plan_fixed_lanes(w, &w->nplan[t][v], t, x, wk->kalt, fz);
                }
                Rc[0] += Rn[c][0];
                Rc[1] += Rn[c][1];
            }
            for (int last = 0; last < 2; last++)
                for (int j = 0; j < PB_WP_LANES; j++)
                    Rcell[last][c][j] = state_radius(w, Rc[last][j]);
        }
        for (int dn = w->downs; dn >= 1; dn--)
            for (int y = 1; y <= t; y++) {
                int i = pb_wp_index(t, dn, y);
                if (!w->reach[i]) {
                    for (int j = 0; j < bt->n; j++)
                        if (active[j])
                            l->v[(size_t)slice[j] * w->F + i] = 0.5;   /* never read */
                    continue;
                }
                wp_lanes e[15];
                memset(e, 0, sizeof e);
                for (int g = 0; g < PB_WP_GROUPS; g++)
                    if (use[g])
                        entries_lanes(w, gparts[g], dz[g], t, dn, y, x[g].own, e, halves, fz);
                if (w->nplan)
                    plan_value_lanes(w, &w->nplan[t][v], t, dn, y, x, pb_wp_test_plain_sums ? NULL : wk->kalt,
                                     wk->altv, wk->lpt, wk->ldz, e, halves, fz);
                if (pb_wp_test_entries)
                    for (int j = 0; j < bt->n; j++)
                        if (active[j]) {
                            double ej[15];
                            for (int c = 0; c < 15; c++)
                                ej[c] = e[c][j];
                            pb_wp_test_entries(w, prev, bt->r, bt->s0 + j, bt->a, bt->b, t, dn, y, ej);
                        }
                wp_lanes maximin, minimax, em[15], ep[15], plo, phi, dummy;
                const wp_lanes *rc = Rcell[dn >= w->downs];
                BY_WIDTH(pure_values, e, &maximin, &minimax);
                BY_WIDTH(widen, e, rc, em, ep);
                BY_WIDTH(pure_values, em, &plo, &dummy);   /* every row's worst entry at its lowest, the best row */
                BY_WIDTH(pure_values, ep, &dummy, &phi);
                /* the mixed lanes' first guesses (their last supports), a vector pass for each
                 * distinct guess: first[j] 1 taken (glo, ghi, gex), -1 not */
                int first[PB_WP_LANES] = {0};
                double glo[PB_WP_LANES], ghi[PB_WP_LANES], gex[PB_WP_LANES];
                for (int j = 0; j < bt->n; j++) {
                    if (!solve[j] || maximin[j] == minimax[j] || first[j])
                        continue;
                    pb_mg_support sp = hint[j][0];
                    wp_lanes vlo, vhi, vex;
                    wp_mask ok;
                    BY_WIDTH(support_lanes, e, rc, sp, &vlo, &vhi, &vex, &ok);
                    for (int q = j; q < bt->n; q++)
                        if (solve[q] && maximin[q] != minimax[q] && !first[q] && hint[q][0].rows == sp.rows &&
                            hint[q][0].cols == sp.cols) {
                            first[q] = ok[q] ? 1 : -1;
                            glo[q] = vlo[q];
                            ghi[q] = vhi[q];
                            gex[q] = vex[q];
                        }
                }
                for (int j = 0; j < bt->n; j++) {
                    if (!solve[j])
                        continue;
                    double lo, hi;
                    if (maximin[j] == minimax[j]) {
                        lo = dmax(0.0, plo[j]);
                        hi = dmin(1.0, phi[j]);
                    } else if (first[j] > 0) {
                        lo = dmax(glo[j], plo[j]);
                        hi = dmin(ghi[j], phi[j]);
                        worst[j] = dmax(worst[j], gex[j]);
                    } else {
                        pb_mg_game gm;   /* only the 3 x 5 entries are read: no zeroing of the 8 x 8 */
                        gm.rows = 3;
                        gm.cols = 5;
                        for (int c = 0; c < 15; c++)
                            gm.a[c / 5][c % 5] = e[c][j];
                        double ex, r[15];
                        for (int c = 0; c < 15; c++)
                            r[c] = rc[c][j];
                        /* the lane before solved this state's game too (one lead lower): its supports */
                        const pb_mg_support *near = j > 0 && solve[j - 1] && maximin[j - 1] != minimax[j - 1] ? &hint[j - 1][0] : NULL;
                        if (solve_state(&gm, r, hint[j], near, 1, &lo, &hi, &ex) != 0)
                            return -1;
                        lo = dmax(lo, plo[j]);
                        hi = dmin(hi, phi[j]);
                        worst[j] = dmax(worst[j], ex);
                    }
                    if (!active[j])   /* another rank's slice: solved only for its supports */
                        continue;
                    l->v[(size_t)slice[j] * w->F + i] = 0.5 * (lo + hi);
                    mr[j] = dmax(mr[j], 0.5 * (hi - lo));
                }
            }
        for (int j = 0; j < bt->n; j++)
            if (active[j])
                mrad[(size_t)slice[j] * 100 + t] = mr[j] * (1 + 4 * PB_DRIVE_U);
    }
    for (int j = 0; j < bt->n; j++)
        if (active[j])
            exploit[slice[j]] = worst[j];
    return 0;
}

#undef BY_WIDTH

static PB_WP_CLONES int run_batch_whole(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, const batch *bt,
                                        const int *slice, const int *active, const int *solve, lane_work *wk,
                                        double *mrad, double *exploit)
{
    return run_batch_body(w, l, prev, bt, slice, active, solve, wk, mrad, exploit, 0, 0);
}

static PB_WP_CLONES int run_batch_halves(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, const batch *bt,
                                         const int *slice, const int *active, const int *solve, lane_work *wk,
                                         double *mrad, double *exploit)
{
    return run_batch_body(w, l, prev, bt, slice, active, solve, wk, mrad, exploit, 1, 0);
}

/* The same with a fused multiply-add a term (pb_wp.fused: the machine has FMA and AVX2): the
 * lanes whole compiled for AVX-512 where the machine has it (else for AVX2: the tests' PB_WP_HALVES=0),
 * by halves for AVX2. */
static PB_WP_FMA_WHOLE int run_batch_whole_fma(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev,
                                               const batch *bt, const int *slice, const int *active,
                                               const int *solve, lane_work *wk, double *mrad, double *exploit)
{
    return run_batch_body(w, l, prev, bt, slice, active, solve, wk, mrad, exploit, 0, 1);
}

static PB_WP_FMA_HALVES int run_batch_whole_fma4(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev,
                                                 const batch *bt, const int *slice, const int *active,
                                                 const int *solve, lane_work *wk, double *mrad, double *exploit)
{
    return run_batch_body(w, l, prev, bt, slice, active, solve, wk, mrad, exploit, 0, 1);
}

static PB_WP_FMA_HALVES int run_batch_halves_fma(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev,
                                                 const batch *bt, const int *slice, const int *active,
                                                 const int *solve, lane_work *wk, double *mrad, double *exploit)
{
    return run_batch_body(w, l, prev, bt, slice, active, solve, wk, mrad, exploit, 1, 1);
}

int pb_wp_snaps_batch(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, int k, int lo, int hi,
                      pb_wp_snaps_work *wk, double *mrad, double *exploit, char *err, size_t errlen)
{
    batch bt;
    if (batch_of(w, l->half, k, &bt) != 0)
        return 0;
    /* solve: the lanes within the lead window, whose games are solved; active: those of them in this
     * rank's block, which are written. A lane's game reads the supports of the lane before it
     * (solve_state's near), so every rank solves every lane of the window: the same guesses, and
     * the same bits, for any number of ranks. */
    int slice[PB_WP_LANES], active[PB_WP_LANES], solve[PB_WP_LANES], any = 0;
    for (int j = 0; j < PB_WP_LANES; j++) {
        slice[j] = j < bt.n ? pb_wp_slice(w, bt.r, bt.s0 + j, bt.a, bt.b) : -1;
        int s = bt.s0 + j;
        solve[j] = j < bt.n && pb_wp_in_window(l, s);
        active[j] = solve[j] && slice[j] >= lo && slice[j] < hi;
        any |= active[j];
    }
    if (!any)
        return 0;
    int st = (w->fused ? (w->lanes_halves ? run_batch_halves_fma : w->wide ? run_batch_whole_fma : run_batch_whole_fma4)
                       : (w->lanes_halves ? run_batch_halves : run_batch_whole))(w, l, prev, &bt, slice, active,
                                                                                 solve, wk, mrad, exploit);
    if (st != 0)
        snprintf(err, errlen, "internal error: a snap's game had no solution (half %d, %d cards left)", l->half,
                 l->L);
    return st;
}

/* ---- one state, for the answers and the simulator's decider (wp_detail.c) ---- */

/* The successors of one state, for each timeout group its slice allows. */
typedef struct {
    int use[PB_WP_GROUPS];
    double o100[PB_WP_GROUPS][101];
    succ_one x[PB_WP_GROUPS];
    succ_of so[PB_WP_GROUPS];
    pb_wp_node_radii nx[PB_WP_GROUPS];
} one_state;

static void one_state_of(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, one_state *os)
{
    memset(os->nx, 0, sizeof os->nx);
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        os->use[g] = g == 0 || (g == 1 ? a > 0 : b > 0);
        if (!os->use[g])
            continue;
        successors(w, prev, r, s, a, b, g, &os->so[g]);
        os->x[g].td = os->so[g].td;
        os->x[g].sf = os->so[g].sf;
        os->x[g].ttd = os->so[g].ttd;
        os->x[g].own = prev->v + (size_t)os->so[g].own * w->F;
        opp_firsts(w, prev, os->so[g].opp, os->o100[g]);
        os->x[g].opp = os->o100[g];
        node_radii_of(&os->so[g], &os->nx[g]);
    }
}

/* The decision points of the 15 cells at one state, as run_batch sums them. -1: out of memory. */
static inline __attribute__((always_inline)) int plan_one(const pb_wp *w, const pb_wp_nplan *pl, const one_state *os,
                                                          int t, int dn, int y, double *e)
{
    int nch = 0;   /* the plan's own chunks: a togo built later (pb_wp_tables_togo) may have more than w's */
    for (int g = 0; g < PB_WP_GROUPS; g++)
        nch = (pl->nlong[g] + 14) / 15 > nch ? (pl->nlong[g] + 14) / 15 : nch;
    double *altv = malloc(((size_t)pl->nalt + 1) * sizeof *altv);
    parts_one *lpt[PB_WP_GROUPS] = {NULL};
    wp_dense *ldz[PB_WP_GROUPS] = {NULL};
    int st = altv ? 0 : -1;
    for (int g = 0; g < PB_WP_GROUPS && st == 0; g++) {
        lpt[g] = malloc((size_t)(15 * nch + 1) * sizeof *lpt[g]);
        ldz[g] = malloc((size_t)(nch + 1) * sizeof *ldz[g]);
        if (!lpt[g] || !ldz[g])
            st = -1;
        else if (os->use[g]) {
            st = long_dense(pl, g, t, ldz[g]);
            for (int i = 0; i < (pl->nlong[g] + 14) / 15 * 15; i++)
                parts_of_one(w, long_cell(pl, g, i), t, &os->x[g], &lpt[g][i], w->fused);
        }
    }
    if (st == 0)
        plan_value_one(w, pl, t, dn, y, os->x, NULL, altv, lpt, ldz, e, 0, w->fused);
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        free(lpt[g]);
        free(ldz[g]);
    }
    free(altv);
    return st;
}

/* One state's matrix (pb_wp_snap_matrix), inlined twice below: as compiled for the baseline, where
 * a fused sum calls the C library's fma(), and for FMA, where it is the instruction (the same
 * single rounding, so the same bits; the simulator's coach asks this at every snap). */
static inline __attribute__((always_inline)) int snap_matrix_body(const pb_wp *w, const pb_wp_layer *prev, int r,
                                                                  int s, int a, int b, int t, int dn, int y,
                                                                  double A[3][5], double *R)
{
    int v = pb_wp_variant(s, a, b);
    one_state os;
    one_state_of(w, prev, r, s, a, b, &os);
    static __thread parts_one pt[15];   /* 15 x 200 doubles: off the stack */
    static __thread wp_dense D;
    double e[15] = {0}, Rc[15] = {0}, widest = 0;
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        if (!os.use[g])
            continue;
        const pb_drive_cell *cell[15], *rcell[15];
        const parts_one *cp[15];
        cells_at(w, t, v, g, cell);
        plain_cells_at(w, t, v, g, rcell);
        for (int c = 0; c < 15; c++) {
            parts_of_one(w, cell[c], t, &os.x[g], &pt[c], w->fused);
            cp[c] = &pt[c];
            if (R)
                Rc[c] += cell_radius(rcell[c], t, dn >= w->downs, &os.so[g]);
        }
        const wp_dense *dz = dense_at(w, t, v, g, &D);
        if (!dz)
            return -1;
        entries_one(w, cp, dz, t, dn, y, os.x[g].own, e, 0, w->fused);
    }
    if (w->nplan && !pb_wp_test_nodes_cellwise) {
        if (plan_one(w, &w->nplan[t][v], &os, t, dn, y, e) != 0)
            return -1;
    } else if (w->node)   /* the test hook: each cell's points one by one (nodes_value) */
        for (int c = 0; c < 15; c++)
            nodes_value_one(w, &w->node[t][c / 5][c % 5][v], t, dn, y, os.x, &e[c], w->fused);
    for (int c = 0; c < 15; c++) {
        if (w->node && R)
            Rc[c] += pb_wp_nodes_radius(&w->node[t][c / 5][c % 5][v], t, dn >= w->downs, os.nx);
        A[c / 5][c % 5] = e[c];
        widest = dmax(widest, Rc[c]);
    }
    if (R)
        *R = state_radius(w, widest);
    return 0;
}

#if PB_WP_HAS_FMA_ONE
static PB_WP_FMA_ONE int snap_matrix_fma(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int t,
                                         int dn, int y, double A[3][5], double *R)
{
    return snap_matrix_body(w, prev, r, s, a, b, t, dn, y, A, R);
}
#endif

int pb_wp_snap_matrix(const pb_wp *w, const pb_wp_layer *cur, const pb_wp_layer *prev, int r, int s, int a, int b,
                      int t, int dn, int y, double A[3][5], double *R)
{
    (void)cur;
#if PB_WP_HAS_FMA_ONE
    if (w->fused)   /* set only where the machine has FMA (pb_wp_fused_arith) */
        return snap_matrix_fma(w, prev, r, s, a, b, t, dn, y, A, R);
#endif
    return snap_matrix_body(w, prev, r, s, a, b, t, dn, y, A, R);
}

int pb_wp_node_values(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int t, int dn, int y,
                      const pb_wp_nodes *nd, int i, double *val)
{
    one_state os;
    one_state_of(w, prev, r, s, a, b, &os);
    const pb_wp_node *n = &nd->node[i];
    for (int k = 0; k < n->nalt; k++) {
        double v = 0;
        for (int q = n->first[k]; q < n->first[k + 1]; q++) {
            const pb_wp_out *o = &nd->out[q];
            if (!os.use[o->group])
                return -1;   /* a timeout the slice does not have */
            out_add_one(w, o, t, dn, y, &os.x[o->group], &v, w->fused);
        }
        val[k] = v;
    }
    return 0;
}

/* ---- a state recomputed from explicit successors (wp_moment.c) ---- */

/* One timeout group's entries added into e: the cells' parts from the successors xs, then their sums
 * (dz: the cells' dense table). */
static void group_entries(const pb_wp *w, const pb_drive_cell *const cell[15], const wp_dense *dz, int t, int dn,
                          int y, const succ_one *xs, double e[15])
{
    static __thread parts_one pt[15];
    const parts_one *cp[15];
    for (int c = 0; c < 15; c++) {
        parts_of_one(w, cell[c], t, xs, &pt[c], w->fused);
        cp[c] = &pt[c];
    }
    entries_one(w, cp, dz, t, dn, y, xs->own, e, 0, w->fused);
}

/* The groups a slice with timeouts (a, b) reaches: 0, and 1 / 2 when the offense / defense has one. */
static int group_reached(int g, int a, int b)
{
    return g == 0 || (g == 1 ? a > 0 : b > 0);
}

int pb_wp_snap_entries(const pb_wp *w, int s, int a, int b, int t, int dn, int y, const pb_wp_succ x[PB_WP_GROUPS],
                       double A[3][5])
{
    int v = pb_wp_variant(s, a, b);
    static __thread wp_dense D;
    succ_one xs[PB_WP_GROUPS];
    double e[15] = {0};
    memset(xs, 0, sizeof xs);
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        if (!group_reached(g, a, b))
            continue;
        xs[g] = (succ_one){x[g].td, x[g].sf, x[g].ttd, x[g].own, x[g].opp};
        const pb_drive_cell *cell[15];
        plain_cells_at(w, t, v, g, cell);   /* each cell's points whole, below */
        const wp_dense *dz = w->pcell ? (dense_of(cell, t, &D) == 0 ? &D : NULL) : dense_at(w, t, v, g, &D);
        if (!dz)
            return -1;
        group_entries(w, cell, dz, t, dn, y, &xs[g], e);
    }
    for (int c = 0; c < 15; c++) {
        if (w->node)
            nodes_value_one(w, &w->node[t][c / 5][c % 5][v], t, dn, y, xs, &e[c], w->fused);
        A[c / 5][c % 5] = e[c];
    }
    A[0][0] += pb_wp_test_plant;
    return 0;
}

int pb_wp_snap_entries_of(const pb_wp *w, const pb_drive_cell *const cells[PB_WP_GROUPS][15], int a, int b, int t,
                          int dn, int y, const pb_wp_succ x[PB_WP_GROUPS], double A[3][5])
{
    static __thread wp_dense D;
    succ_one xs[PB_WP_GROUPS];
    double e[15] = {0};
    memset(xs, 0, sizeof xs);
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        if (!group_reached(g, a, b))
            continue;
        xs[g] = (succ_one){x[g].td, x[g].sf, x[g].ttd, x[g].own, x[g].opp};
        if (dense_of(cells[g], t, &D) != 0)
            return -1;
        group_entries(w, cells[g], &D, t, dn, y, &xs[g], e);
    }
    for (int c = 0; c < 15; c++)
        A[c / 5][c % 5] = e[c];
    return 0;
}

int pb_wp_snap_certify(const pb_wp *w, const double A[3][5], const double R[15], double *lo, double *hi)
{
    pb_mg_game gm;
    gm.rows = 3;
    gm.cols = 5;
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            gm.a[o][j] = A[o][j];
    pb_mg_support hint[2];
    memset(hint, 0, sizeof hint);
    double ex, r[15];
    for (int c = 0; c < 15; c++)
        r[c] = state_radius(w, R[c]);
    return solve_state(&gm, r, hint, NULL, 0, lo, hi, &ex);
}
