/* solve/wp_kernel_internal.h: the sums of a snap's matrix entries, written once for two value types:
 * one state (double) and a batch of slices side by side (wp_lanes, one slice a lane). Included
 * by wp_snaps.c with WK_VAL (the type), WK(name) (the names' suffix) and WK_FMA (a fused
 * multiply-add of that type) defined. Every lane does the same operations in the same order as the
 * one-state code, so both give the same bits; each function's fz chooses the arithmetic (WK(mac)).
 *
 * A cell's entry at (togo t, down dn, ytg y) from the successor values `own` (the offense keeps
 * the ball; indexed by pb_wp_index) and `opp` (the opponent's 1st downs, by togo):
 *     k                      touchdown, safety, their touchdown, turnovers     (per togo)
 *   + s[y]                   gains that make the line to gain                 (per togo, y)
 *   + p4[y]  (last down)     gains short of it: the ball goes over on downs   (per togo, y)
 *     or sum (other downs)   gains short of it: the next down
 *   + penalties. */

typedef struct {
    WK_VAL td, sf, ttd;       /* scalar successors for the offense (midpoints) */
    const WK_VAL *own;        /* the offense's values, by pb_wp_index */
    const WK_VAL *opp;        /* the opponent's 1st downs, by togo (0..100) */
} WK(succ);

/* Per togo and group: the terms that do not depend on the down (drive_solve.c's cell_parts). */
typedef struct {
    WK_VAL k;
    WK_VAL s[PB_DRIVE_TOGO + 2];
    WK_VAL p4[PB_DRIVE_TOGO + 2];
} WK(parts);

/* *acc += a x *b for every lane: where fz, one fused multiply-add (one rounding a term, WK_FMA,
 * the includer's: C's fma() lane by lane), else the product rounded and then the sum (C11 mode
 * contracts no a * b + c). fz is a constant in each copy of the batch code, the solve's
 * arithmetic (pb_wp.fused) in the one-state code, so both take the same operations. */
static inline __attribute__((always_inline)) void WK(mac)(int fz, WK_VAL *acc, double a, const WK_VAL *b)
{
    if (fz)
        WK_FMA(acc, a, b);
    else
        *acc += a * *b;
}
#ifdef WK_HALF
static inline __attribute__((always_inline)) void WK(mac_half)(int fz, WK_HALF *acc, double a, const WK_HALF *b)
{
    if (fz) {
        WK_HALF r;
        for (int i = 0; i < (int)(sizeof r / sizeof r[0]); i++)
            r[i] = __builtin_fma(a, (*b)[i], (*acc)[i]);
        *acc = r;
    } else
        *acc += a * *b;
}
#endif

static inline __attribute__((always_inline)) void WK(parts_of)(const pb_wp *w, const pb_drive_cell *c, int t,
                                                               const WK(succ) *x, WK(parts) *cp, int fz)
{
    WK_VAL k = c->p_td * x->td;
    WK(mac)(fz, &k, c->p_safety, &x->sf);
    WK(mac)(fz, &k, c->p_ttd, &x->ttd);
    for (int i = 0; i < c->nto; i++) {
        WK_VAL o = 1.0 - x->opp[c->to_t[i]];
        WK(mac)(fz, &k, c->to_p[i], &o);
    }
    cp->k = k;
    WK_VAL s = {0};
    cp->s[t + 1] = s;
    for (int y = t; y >= 1; y--) {
        int k2 = y - c->gmin;
        if (k2 >= 0 && k2 < c->ng)
            WK(mac)(fz, &s, c->pg[k2], &x->own[pb_wp_first(w, t - y)]);
        cp->s[y] = s;
    }
    WK_VAL p = {0};
    for (int k2 = 0; k2 < c->ng && c->gmin + k2 < 1; k2++) {
        WK_VAL o = 1.0 - x->opp[100 - t + c->gmin + k2];
        WK(mac)(fz, &p, c->pg[k2], &o);
    }
    cp->p4[1] = p;
    for (int y = 1; y < t; y++) {
        int k2 = y - c->gmin;
        if (k2 >= 0 && k2 < c->ng) {
            WK_VAL o = 1.0 - x->opp[100 - t + y];
            WK(mac)(fz, &p, c->pg[k2], &o);
        }
        cp->p4[y + 1] = p;
    }
}


/* The 15 entries of a snap at (t, dn, y) for one timeout group, each added to out[c]. The gains
 * short of the line to gain (the next down) and the penalties are dense products over the 15
 * cells (wp_dense, built by wp_snaps.c's dense_of): D[m - mlo][c] is cell c's probability of
 * gain m (0 where it has none), pen[k][c] its probability of the penalty column k, and each
 * successor value (for the gains own[index(t - m, dn + 1, y - m)], a diagonal of consecutive
 * slots) is loaded once for the 15 cells. Each cell sums its terms in a fixed order (gains by m,
 * then the penalty columns); a zero term adds nothing exactly, so the rounding is that of the
 * cell's own terms. Then k + s[y] (+ p4[y] on the last down) + that sum. */
#ifndef WK_DENSE_W
#define WK_DENSE_W 16
#define WK_PEN_MAX 64
typedef struct {
    int mlo, mhi;                           /* the gains of any cell (mhi < mlo: none) */
    int npen;                               /* the penalty columns */
    int pen_m[WK_PEN_MAX];                  /* signed yards for the offense */
    unsigned char pen_def[WK_PEN_MAX];      /* a defensive foul */
    double pen[WK_PEN_MAX][WK_DENSE_W];     /* [column][cell]: its probability, 0 where none */
    double D[PB_DRIVE_TOGO][WK_DENSE_W];    /* [gain - mlo][cell] */
} wp_dense;
#endif

/* a[c] += d[c] x *v for the 15 cells (WK(mac) each) */
static inline __attribute__((always_inline)) void WK(mac15)(int fz, WK_VAL *a, const double *d, const WK_VAL *v)
{
    WK_VAL x = *v;
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++)
        WK(mac)(fz, &a[c], d[c], &x);
}

/* WK(parts_of) for the 15 cells of a togo at once, each cell's sums in the same order, so the same
 * bits: the cells' chains side by side, so that each sum's next term does not wait on its last
 * (one cell's chain alone, every term a multiply-add on the one before, ran at the latency of
 * one, not at the machine's rate). The gains come from the dense table dz of the same 15 cells
 * (D[m - mlo][c], 0 where the cell has none: a zero term adds nothing exactly, and a sum of zeros
 * is +0 as the untouched one), so each successor is loaded once for the 15. */
static inline __attribute__((always_inline)) void WK(parts_all)(const pb_wp *w, const pb_drive_cell *const *cell,
                                                                const wp_dense *dz, int t, const WK(succ) *x,
                                                                WK(parts) *const *cp, int fz)
{
    WK_VAL a[15];
    int nto = 0;
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++) {
        a[c] = cell[c]->p_td * x->td;
        WK(mac)(fz, &a[c], cell[c]->p_safety, &x->sf);
        WK(mac)(fz, &a[c], cell[c]->p_ttd, &x->ttd);
        nto = cell[c]->nto > nto ? cell[c]->nto : nto;
    }
    for (int i = 0; i < nto; i++) {
#pragma GCC unroll 15
        for (int c = 0; c < 15; c++)
            if (i < cell[c]->nto) {
                WK_VAL o = 1.0 - x->opp[cell[c]->to_t[i]];
                WK(mac)(fz, &a[c], cell[c]->to_p[i], &o);
            }
    }
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++) {
        cp[c]->k = a[c];
        a[c] = (WK_VAL){0};
        cp[c]->s[t + 1] = a[c];
    }
    for (int y = t; y >= 1; y--) {   /* the gains that make the line at y, from the longest */
        if (y >= dz->mlo && y <= dz->mhi)
            WK(mac15)(fz, a, dz->D[y - dz->mlo], &x->own[pb_wp_first(w, t - y)]);
#pragma GCC unroll 15
        for (int c = 0; c < 15; c++)
            cp[c]->s[y] = a[c];
    }
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++)
        a[c] = (WK_VAL){0};
    /* the gains short of the line on the last down, from the largest loss: p4[y] sums those below y */
    for (int m = dz->mlo < 0 ? dz->mlo : 0; m < t; m++) {
        if (m >= dz->mlo && m <= dz->mhi) {
            WK_VAL o = 1.0 - x->opp[100 - t + m];
            WK(mac15)(fz, a, dz->D[m - dz->mlo], &o);
        }
        if (m >= 0)
#pragma GCC unroll 15
            for (int c = 0; c < 15; c++)
                cp[c]->p4[m + 1] = a[c];
    }
}

#ifdef WK_HALF
/* The lanes' entries as two halves of WK_HALF (4 doubles: a machine whose vectors are 4 wide,
 * AVX2, where GCC keeps an 8-wide vector in memory and moves it piece by piece), the 15 cells in
 * three groups of 5, both halves of a group at once: its 10 sums stay in registers and each
 * probability is broadcast once for the two halves (with 8 cells a group, one half at a time,
 * it was broadcast twice). Each lane's terms are added in the same order as below (gains by m,
 * then the penalty columns, then k + s[y] (+ p4[y]) + that sum), so both give the same bits.
 * `at` holds the penalty columns' slots; ncells: the groups that hold a cell (the long
 * alternatives' last chunk, WK(plan_long), needs fewer than 15). */
static inline __attribute__((always_inline)) void WK(entries_group)(const WK(parts) *const *cp, const wp_dense *dz,
                                                                    int last, int y, int top, const WK_VAL *v,
                                                                    const WK_VAL *own, const int *at, int c0,
                                                                    WK_VAL *out, int fz)
{
    WK_HALF a0[5], a1[5];   /* the cells' sums, halves 0 and 1 */
#pragma GCC unroll 5
    for (int c = 0; c < 5; c++)
        a0[c] = a1[c] = (WK_HALF){0};
    if (!last)
        for (int m = dz->mlo; m <= top; m++) {
            WK_HALF x0 = ((const WK_HALF *)&v[-m])[0], x1 = ((const WK_HALF *)&v[-m])[1];
            const double *d = dz->D[m - dz->mlo] + c0;
#pragma GCC unroll 5
            for (int c = 0; c < 5; c++) {
                WK(mac_half)(fz, &a0[c], d[c], &x0);
                WK(mac_half)(fz, &a1[c], d[c], &x1);
            }
        }
    for (int k = 0; k < dz->npen; k++) {
        WK_HALF x0 = ((const WK_HALF *)&own[at[k]])[0], x1 = ((const WK_HALF *)&own[at[k]])[1];
        const double *d = dz->pen[k] + c0;
#pragma GCC unroll 5
        for (int c = 0; c < 5; c++) {
            WK(mac_half)(fz, &a0[c], d[c], &x0);
            WK(mac_half)(fz, &a1[c], d[c], &x1);
        }
    }
#pragma GCC unroll 5
    for (int c = 0; c < 5; c++) {
        const WK_HALF *k = (const WK_HALF *)&cp[c0 + c]->k, *sy = (const WK_HALF *)&cp[c0 + c]->s[y],
                      *p4 = (const WK_HALF *)&cp[c0 + c]->p4[y];
        WK_HALF *o = (WK_HALF *)&out[c0 + c];
        WK_HALF s0 = k[0] + sy[0], s1 = k[1] + sy[1];
        if (last) {
            s0 += p4[0];
            s1 += p4[1];
        }
        o[0] += s0 + a0[c];
        o[1] += s1 + a1[c];
    }
}

static inline __attribute__((always_inline)) void WK(entries_halves)(const pb_wp *w, const WK(parts) *const *cp,
                                                                     const wp_dense *dz, int t, int dn, int y,
                                                                     const WK_VAL *own, WK_VAL *out, int ncells, int fz)
{
    int last = dn >= w->downs, pen1st = w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
    int at[WK_PEN_MAX];
    for (int k = 0; k < dz->npen; k++) {
        int m = dz->pen_m[k], y2 = y - m;
        at[k] = dz->pen_def[k] && m >= y && pen1st ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2);
    }
    int top = y - 1 < dz->mhi ? y - 1 : dz->mhi;
    const WK_VAL *v = own + pb_wp_index(t, dn + 1, y);
    if (!last && y < t) {   /* the next state's successors (the diagonal below in memory) */
        const WK_VAL *vn = own + pb_wp_index(t, dn + 1, y + 1);
        for (int m = dz->mlo; m <= top; m++)
            __builtin_prefetch(&vn[-m]);
    }
    for (int c0 = 0; c0 < ncells; c0 += 5)
        WK(entries_group)(cp, dz, last, y, top, v, own, at, c0, out, fz);
}
#endif

static inline __attribute__((always_inline)) void WK(entries)(const pb_wp *w, const WK(parts) *const *cp,
                                                              const wp_dense *dz, int t, int dn, int y,
                                                              const WK_VAL *own, WK_VAL *out, int halves, int fz)
{
#ifdef WK_HALF
    if (halves) {
        WK(entries_halves)(w, cp, dz, t, dn, y, own, out, 15, fz);
        return;
    }
#else
    (void)halves;
#endif
    int last = dn >= w->downs, pen1st = w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
    WK_VAL acc[15];
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++)
        acc[c] = (WK_VAL){0};
    if (!last) {
        int top = y - 1 < dz->mhi ? y - 1 : dz->mhi;
        const WK_VAL *v = own + pb_wp_index(t, dn + 1, y);
        /* the next state's successors (y + 1: the diagonal below in memory), fetched one state
         * ahead: the loads of x otherwise wait on the memory */
        const WK_VAL *vn = y < t ? own + pb_wp_index(t, dn + 1, y + 1) : v;
        for (int m = dz->mlo; m <= top; m++) {
            __builtin_prefetch(&vn[-m]);
            WK_VAL x = v[-m];
            const double *d = dz->D[m - dz->mlo];
#pragma GCC unroll 15
            for (int c = 0; c < 15; c++)
                WK(mac)(fz, &acc[c], d[c], &x);
        }
    }
    for (int k = 0; k < dz->npen; k++) {
        int m = dz->pen_m[k], y2 = y - m;
        int at = dz->pen_def[k] && m >= y && pen1st ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2);
        WK_VAL x = own[at];
        const double *d = dz->pen[k];
#pragma GCC unroll 15
        for (int c = 0; c < 15; c++)
            WK(mac)(fz, &acc[c], d[c], &x);
    }
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++) {
        WK_VAL s = cp[c]->k + cp[c]->s[y];
        if (last)
            s += cp[c]->p4[y];
        s += acc[c];
        out[c] += s;
    }
}

/* A decision point's best so far against alternative *pv, lane by lane: the smaller where the
 * defense chooses (ch), else the larger (exact; no NaN among the values); and whether any lane of
 * *g is not 0. On the lanes, whole vector operations (a lane-by-lane loop kept the vector in
 * memory). */
#ifdef WK_HALF
typedef __typeof__((WK_VAL){0} < (WK_VAL){0}) WK(vcmp);
static inline __attribute__((always_inline)) void WK(pick)(WK_VAL *best, const WK_VAL *pv, int ch)
{
    WK(vcmp) m = ch ? *best < *pv : *best > *pv;
    *best = (WK_VAL)((m & (WK(vcmp))*best) | (~m & (WK(vcmp))*pv));
}
/* d where it is ahead for the chooser (ch: below 0, else above), else +0 */
static inline __attribute__((always_inline)) void WK(ahead)(WK_VAL *d, int ch)
{
    WK(vcmp) m = ch ? *d < 0 : *d > 0;
    *d = (WK_VAL)(m & (WK(vcmp))*d);
}
static inline __attribute__((always_inline)) int WK(any_nonzero)(const WK_VAL *g)
{
    WK(vcmp) nz = *g != 0;
    long any = 0;
    for (int j = 0; j < (int)(sizeof nz / sizeof nz[0]); j++)
        any |= nz[j];
    return any != 0;
}
#else
static inline __attribute__((always_inline)) void WK(pick)(WK_VAL *best, const WK_VAL *pv, int ch)
{
    *best = ch ? (*best < *pv ? *best : *pv) : (*best > *pv ? *best : *pv);
}
static inline __attribute__((always_inline)) void WK(ahead)(WK_VAL *d, int ch)
{
    if (ch ? !(*d < 0) : !(*d > 0))
        *d = 0;
}
static inline __attribute__((always_inline)) int WK(any_nonzero)(const WK_VAL *g) { return *g != 0; }
#endif

/* In play by value (wp_nodes.c): the decision points of a cell at (t, dn, y), x[g] the
 * successors of each timeout group: each point's best alternative for its chooser (the offense
 * the largest, the defense the smallest; lane by lane), times its probability, summed from 0
 * and then added to *out. */
/* v += p x the value of one outcome (a pointer, not a vector return: the ABI) */
static inline __attribute__((always_inline)) void WK(out_add)(const pb_wp *w, const pb_wp_out *o, int t, int dn, int y,
                                                              const WK(succ) *x, WK_VAL *v, int fz)
{
    WK_VAL o1;   /* 1 - the opponent's value */
    switch (o->kind) {
    case PB_WP_O_GAIN: {
        int m = o->m;
        if (m >= y)
            WK(mac)(fz, v, o->p, &x->own[pb_wp_first(w, t - m)]);
        else if (dn >= w->downs) {
            o1 = 1.0 - x->opp[100 - t + m];
            WK(mac)(fz, v, o->p, &o1);
        } else
            WK(mac)(fz, v, o->p, &x->own[pb_wp_index(t - m, dn + 1, y - m)]);
        return;
    }
    case PB_WP_O_PEN:
    case PB_WP_O_PEN_DEF: {
        int m = o->m, y2 = y - m;
        int first = o->kind == PB_WP_O_PEN_DEF && m >= y && w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
        WK(mac)(fz, v, o->p, &x->own[first ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2)]);
        return;
    }
    case PB_WP_O_TD:
        WK(mac)(fz, v, o->p, &x->td);
        return;
    case PB_WP_O_SF:
        WK(mac)(fz, v, o->p, &x->sf);
        return;
    case PB_WP_O_TTD:
        WK(mac)(fz, v, o->p, &x->ttd);
        return;
    default:
        o1 = 1.0 - x->opp[o->m];
        WK(mac)(fz, v, o->p, &o1);
        return;
    }
}

static inline __attribute__((always_inline)) void WK(nodes_value)(const pb_wp *w, const pb_wp_nodes *nd, int t, int dn,
                                                                  int y, const WK(succ) *x, WK_VAL *out, int fz)
{
    WK_VAL s = {0};
    for (int i = 0; i < nd->n; i++) {
        const pb_wp_node *n = &nd->node[i];
        WK_VAL best = {0};
        for (int k = 0; k < n->nalt; k++) {
            if (pb_wp_test_nodes_by_policy && k != n->policy)
                continue;
            WK_VAL v = {0};
            for (int q = n->first[k]; q < n->first[k + 1]; q++)
                WK(out_add)(w, &nd->out[q], t, dn, y, &x[nd->out[q].group], &v, fz);
            if (k == 0 || pb_wp_test_nodes_by_policy) {
                best = v;
                continue;
            }
            WK(pick)(&best, &v, n->chooser);
        }
        WK(mac)(fz, &s, n->w, &best);
    }
    *out += s;
}

/* The fixed part of each short alternative of plan pl at togo t (its outcomes before alt_var:
 * touchdowns, safeties, turnovers), summed from 0 in the order WK(plan_value) would, into kalt:
 * plan_value then starts each state from it (kalt NULL: it sums every outcome itself). */
static inline __attribute__((always_inline)) void WK(plan_fixed)(const pb_wp *w, const pb_wp_nplan *pl, int t,
                                                                 const WK(succ) *x, WK_VAL *kalt, int fz)
{
    for (int a = 0; a < pl->nalt; a++) {
        WK_VAL v = {0};
        if (!pl->alt_long[a])
            for (int q = pl->alt_first[a]; q < pl->alt_var[a]; q++)
                WK(out_add)(w, &pl->out[q], t, 1, 1, &x[pl->out[q].group], &v, fz);
        kalt[a] = v;
    }
}

/* The long alternatives of plan pl (the whole plays of 21-24) summed as cells, 15 at a time
 * (entries), each added to its alternative's value in altv: lpt[g][i] the parts of
 * pl->lcell[g][i] at togo t, ldz[g][k] the dense form of its chunk k (padded with empty cells to
 * a multiple of 15: WK(plan_prep)). */
static inline __attribute__((always_inline)) void WK(plan_long)(const pb_wp *w, const pb_wp_nplan *pl, int t, int dn,
                                                                int y, const WK(succ) *x, WK_VAL *altv,
                                                                WK(parts) *const *lpt, wp_dense *const *ldz,
                                                                int halves, int fz)
{
    for (int g = 0; g < PB_WP_GROUPS; g++)
        for (int k = 0; 15 * k < pl->nlong[g]; k++) {
            const WK(parts) *cp[15];
            WK_VAL acc[15];
            for (int c = 0; c < 15; c++) {
                cp[c] = &lpt[g][15 * k + c];
                acc[c] = (WK_VAL){0};
            }
#ifdef WK_HALF
            if (halves)   /* only the groups of 5 that hold an alternative */
                WK(entries_halves)(w, cp, &ldz[g][k], t, dn, y, x[g].own, acc,
                                   pl->nlong[g] - 15 * k < 15 ? pl->nlong[g] - 15 * k : 15, fz);
            else
#endif
                WK(entries)(w, cp, &ldz[g][k], t, dn, y, x[g].own, acc, halves, fz);
            for (int c = 0; c < 15 && 15 * k + c < pl->nlong[g]; c++)
                altv[pl->lalt[g][15 * k + c]] += acc[c];
        }
}

#ifdef WK_HALF
/* plan_value (below) as two 4-wide halves (WK_HALF; see entries_halves): the same operations lane
 * by lane, so the same bits. */
typedef __typeof__((WK_HALF){0} < (WK_HALF){0}) WK(hcmp);
#define WK_H(v, h) (((const WK_HALF *)&(v))[h])

/* out_add for both halves: v[h] += p x the outcome's value */
static inline __attribute__((always_inline)) void WK(out_add_halves)(const pb_wp *w, const pb_wp_out *o, int t, int dn,
                                                                     int y, const WK(succ) *x, WK_HALF *v, int fz)
{
    const WK_VAL *src;
    int minus = 0;   /* 1 - the value: the opponent's */
    switch (o->kind) {
    case PB_WP_O_GAIN: {
        int m = o->m;
        if (m >= y)
            src = &x->own[pb_wp_first(w, t - m)];
        else if (dn >= w->downs)
            src = &x->opp[100 - t + m], minus = 1;
        else
            src = &x->own[pb_wp_index(t - m, dn + 1, y - m)];
        break;
    }
    case PB_WP_O_PEN:
    case PB_WP_O_PEN_DEF: {
        int m = o->m, y2 = y - m;
        int first = o->kind == PB_WP_O_PEN_DEF && m >= y && w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
        src = &x->own[first ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2)];
        break;
    }
    case PB_WP_O_TD:
        src = &x->td;
        break;
    case PB_WP_O_SF:
        src = &x->sf;
        break;
    case PB_WP_O_TTD:
        src = &x->ttd;
        break;
    default:
        src = &x->opp[o->m], minus = 1;
        break;
    }
    for (int h = 0; h < 2; h++) {
        WK_HALF s = WK_H(*src, h);
        if (minus)
            s = 1.0 - s;
        WK(mac_half)(fz, &v[h], o->p, &s);
    }
}

static inline __attribute__((always_inline)) void WK(plan_value_halves)(const pb_wp *w, const pb_wp_nplan *pl, int t,
                                                                        int dn, int y, const WK(succ) *x,
                                                                        const WK_VAL *kalt, WK_VAL *altv,
                                                                        WK(parts) *const *lpt,
                                                                        wp_dense *const *ldz, WK_VAL *out, int fz)
{
    for (int a = 0; a < pl->nalt; a++) {
        WK_HALF v[2] = {{0}, {0}};
        if (!pl->alt_long[a]) {
            int q = pl->alt_first[a];
            if (kalt) {
                v[0] = WK_H(kalt[a], 0);
                v[1] = WK_H(kalt[a], 1);
                q = pl->alt_var[a];
            }
            for (; q < pl->alt_first[a + 1]; q++)
                WK(out_add_halves)(w, &pl->out[q], t, dn, y, &x[pl->out[q].group], v, fz);
        }
        for (int h = 0; h < 2; h++)
            ((WK_HALF *)&altv[a])[h] = v[h];
    }
    WK(plan_long)(w, pl, t, dn, y, x, altv, lpt, ldz, 1, fz);
    WK_VAL acc[15];
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++)
        acc[c] = (WK_VAL){0};
    for (int i = 0; i < pl->nnode && !pb_wp_test_nodes_by_policy; i++) {
        const int *al = pl->node_alt + (size_t)i * PB_NODE_ALTS;
        WK_HALF gain[2];
        WK(hcmp) nz;
        if (pl->node_n[i] == 2) {
            /* two alternatives (most points): the gain is the other's lead over the policies' where
             * it is ahead for the chooser, else 0, as best - policies' below gives (a tie: 0) */
            int pol = pl->node_pol[i];
            WK_HALF d0 = WK_H(altv[al[1 - pol]], 0) - WK_H(altv[al[pol]], 0);
            WK_HALF d1 = WK_H(altv[al[1 - pol]], 1) - WK_H(altv[al[pol]], 1);
            WK(hcmp) m0 = pl->node_ch[i] ? d0 < 0 : d0 > 0, m1 = pl->node_ch[i] ? d1 < 0 : d1 > 0;
            gain[0] = (WK_HALF)(m0 & (WK(hcmp))d0);
            gain[1] = (WK_HALF)(m1 & (WK(hcmp))d1);
            nz = m0 | m1;
        } else {
            for (int h = 0; h < 2; h++) {
                WK_HALF best = WK_H(altv[al[0]], h);
                for (int k = 1; k < pl->node_n[i]; k++) {
                    WK_HALF pv = WK_H(altv[al[k]], h);
                    WK(hcmp) m = pl->node_ch[i] ? best < pv : best > pv;
                    best = (WK_HALF)((m & (WK(hcmp))best) | (~m & (WK(hcmp))pv));
                }
                gain[h] = best - WK_H(altv[al[pl->node_pol[i]]], h);
            }
            nz = (gain[0] != 0) | (gain[1] != 0);
        }
        /* any lane moved: the mask's 4 elements folded by halves (GCC keeps it in the vector) */
        nz |= __builtin_shufflevector(nz, nz, 2, 3, 0, 1);
        nz |= __builtin_shufflevector(nz, nz, 1, 0, 3, 2);
        if (!nz[0])
            continue;
        for (int z = pl->wnz_first[i]; z < pl->wnz_first[i + 1]; z++) {
            WK_HALF *a = (WK_HALF *)&acc[pl->wnz_cell[z]];
            WK(mac_half)(fz, &a[0], pl->wnz_w[z], &gain[0]);
            WK(mac_half)(fz, &a[1], pl->wnz_w[z], &gain[1]);
        }
    }
    for (int c = 0; c < 15; c++)
        for (int h = 0; h < 2; h++)
            ((WK_HALF *)&out[c])[h] += WK_H(acc[c], h);
}
#undef WK_H
#endif

/* The same for the 15 cells at once, from their shared plan (pb_wp_nplan), added to entries summed
 * from the policies' cells (pb_wp.pcell): each distinct alternative summed once (altv, scratch of
 * pl->nalt values), each distinct point's best taken once, and its gain over the policies'
 * alternative added to the cells where it has a probability, times that probability (wnz_*). The long
 * alternatives are summed as cells, 15 at a time (entries): lpt[g][i] the parts of
 * pl->lcell[g][i] at togo t, ldz[g][k] the dense form of its chunk k (padded with empty cells to a
 * multiple of 15: WK(plan_prep)). */
static inline __attribute__((always_inline)) void WK(plan_value)(const pb_wp *w, const pb_wp_nplan *pl, int t, int dn,
                                                                 int y, const WK(succ) *x, const WK_VAL *kalt,
                                                                 WK_VAL *altv, WK(parts) *const *lpt,
                                                                 wp_dense *const *ldz, WK_VAL *out, int halves, int fz)
{
#ifdef WK_HALF
    if (halves) {
        WK(plan_value_halves)(w, pl, t, dn, y, x, kalt, altv, lpt, ldz, out, fz);
        return;
    }
#endif
    for (int a = 0; a < pl->nalt; a++) {
        WK_VAL v = {0};
        if (!pl->alt_long[a]) {
            int q = pl->alt_first[a];
            if (kalt) {
                v = kalt[a];
                q = pl->alt_var[a];
            }
            for (; q < pl->alt_first[a + 1]; q++)
                WK(out_add)(w, &pl->out[q], t, dn, y, &x[pl->out[q].group], &v, fz);
        }
        altv[a] = v;
    }
    WK(plan_long)(w, pl, t, dn, y, x, altv, lpt, ldz, halves, fz);
    WK_VAL acc[15];
#pragma GCC unroll 15
    for (int c = 0; c < 15; c++)
        acc[c] = (WK_VAL){0};
    for (int i = 0; i < pl->nnode && !pb_wp_test_nodes_by_policy; i++) {
        const int *al = pl->node_alt + (size_t)i * PB_NODE_ALTS;
        /* the best's gain over the policies' alternative, whose share the cells already hold: 0 in
         * every lane at most points (then nothing is added; a lane's 0 adds nothing exactly, so the
         * lanes and the one-state code agree) */
        WK_VAL gain;
        if (pl->node_n[i] == 2) {
            /* two alternatives (most points): the other's lead over the policies' where it is
             * ahead for the chooser, else 0, as best - policies' gives (a tie: 0) */
            int pol = pl->node_pol[i];
            gain = altv[al[1 - pol]] - altv[al[pol]];
            WK(ahead)(&gain, pl->node_ch[i]);
        } else {
            WK_VAL best = altv[al[0]];
            for (int k = 1; k < pl->node_n[i]; k++)
                WK(pick)(&best, &altv[al[k]], pl->node_ch[i]);
            gain = best - altv[al[pl->node_pol[i]]];
        }
        if (!WK(any_nonzero)(&gain))
            continue;
        for (int z = pl->wnz_first[i]; z < pl->wnz_first[i + 1]; z++)
            WK(mac)(fz, &acc[pl->wnz_cell[z]], pl->wnz_w[z], &gain);
    }
    for (int c = 0; c < 15; c++)
        out[c] += acc[c];
}
