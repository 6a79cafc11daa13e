/* solve/wp_moment.c: a snap whose state the value file does not keep (a down other than the 1st
 * on a headline file), recomputed from what it keeps, with a certified bound (wp.h,
 * pb_wp_value_at; doc/solve.md, "What is kept").
 *
 * A snap at layer L reads layer L - 1 (wp_snaps.c): for each timeout group g the offense's slice
 * (r, s, a - [g = 1], b - [g = 2]) and the opponent's (the turnovers, the last down's gains short
 * of the line: its 1st downs, kept), the try and the free kick (kept). The rows (field goal,
 * punt) read layer L's opponent 1st downs and kicks (kept). What is not kept are the offense's
 * own later downs at L - 1 (gains short of the line, penalties that replay the down): those are
 * recomputed the same way, recursively, memoized by (layer, slice, field state), over the states
 * actually reached. At L = 0 (after the last card) every state is in closed form. At L = 1 the
 * extra-play timeouts (offense, then defense) read the extra play's layer (L = 2, e + 1), whose
 * headline the file keeps too: its states are recomputed the same way (L = 2 with e reads L = 1
 * with e). Where the recursion stops a state is taken as [0, 1] (always true): below
 * PB_WP_RECOMPUTE_DEPTH layers under the moment, or reached with a weight (the largest product of
 * the probabilities leading to it) below PB_WP_RECOMPUTE_MASS; it adds half its weight to the bound.
 *
 * Two passes, so that each state is solved once, for its final weight: the first walks the layers
 * from the moment down (every layer is read only by those before it in that order) and gives each
 * state reached the largest weight it is reached with; the second solves the states reached,
 * layer by layer from the bottom up, each reading only states already solved (or [0, 1]).
 *
 * The radius of a state is that of the solver, but per successor instead of per togo: for each
 * of the 15 entries, the sum over its outcomes of probability x the successor's half-width (its
 * own radius, plus the rounding allowance, weighted by the mixes: pb_wp_snap_certify); the value is
 * max(snap, rows) as in phase C, then the extra-play timeouts at L = 1.
 *
 * The play cells come from the value file when it keeps them, else are built per togo as the
 * recursion reaches it (pb_wp_tables_togo, under a lock). Recomputations may run at once on one
 * pb_wp (diff --game's threads): each has its own records; the cells and the pool of records'
 * mappings are shared, each under its lock. */
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "wp_internal.h"


/* A layer's id: the natural layers by L (0..64), then the extra plays' (L = 1, 2; e = 1..8). */
#define LAYERS (65 + 2 * 9)
static int lid(int L, int e) { return e == 0 ? L : 65 + (L - 1) * 9 + e; }

static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }

/* One slice of one layer: midpoints and half-widths by pb_wp_index, and which are known. */
typedef struct {
    double *v, *hw;          /* [0, 1] from when a state is first reached until it is solved */
    double *wt;              /* the largest weight a state is reached with (0: not reached) */
    unsigned char *done;     /* 1 kept or closed form (never solved again) */
    void *mem;               /* the four, in one mapping of len bytes */
    size_t len;
    int closed;              /* every state in closed form (after the last card, or the game decided):
                                cv, chw by togo, copied into a state when it is first reached */
    double cv[PB_DRIVE_TOGO + 1], chw[PB_DRIVE_TOGO + 1];
    int *filled, nfilled, capfilled;   /* the states so copied */
} rec;

/* A state reached in a layer, to be solved in the second pass. */
typedef struct {
    int sl, t, dn, y;
} reached;

typedef struct {
    reached *at;
    int n, cap;
} reached_list;

/* The largest probability of each gain over the 15 cells of a togo, variant and group: the first
 * pass gives a successor the largest weight any cell gives it, so it reads this once instead of
 * every cell. */
typedef struct {
    int gmin, ng;
    double *p;   /* [g - gmin]; NULL until made */
} gain_max;

typedef struct {
    pb_wp *w;
    int half, lmin;                /* states below lmin (L >= 1) are not recomputed: [0, 1] */
    double mass;                   /* nor those reached with less weight */
    rec **slice[LAYERS];           /* [layer id][slice], made as reached */
    pb_wp_layer head[LAYERS];      /* a layer's kept values as a layer (1st downs as intervals) */
    reached_list todo[LAYERS];     /* the states reached, by layer */
    gain_max (*gmax)[PB_WP_VARIANTS][PB_WP_GROUPS];   /* [togo]: made as reached */
    int reach;                     /* 1 in the first pass: successors get weights, nothing is solved */
    int radii;                     /* 0: no state's radius summed (the coach's choice reads none): every
                                      interval a point, the snap's game at the successors' midpoints */
    long states;
    int root_lid, root_sl, root_i;  /* the moment's state: its parts kept (pb_wp_recompute_parts) */
    double A[3][5], R, fg[2], punt[2];
    pb_wp_card_parts *cards;       /* NULL, or the cards' matrices to sum at the moment's state */
    char *err;
    size_t errlen;
} mctx;

/* The records' mappings: taken from the pb_wp's pool of zeroed ones, else mapped; given back
 * zeroed (only what was written: the pages a moment touches are few, and unmapping them costs
 * every thread a TLB flush), else unmapped. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static void *rec_mem(pb_wp *w, size_t len)
{
    void *p = NULL;
    pthread_mutex_lock(&pool_lock);
    if (w->rec_npool > 0 && w->rec_pool_len == len)
        p = w->rec_pool[--w->rec_npool];
    pthread_mutex_unlock(&pool_lock);
    if (p)
        return p;
    p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void rec_zero(rec *x, int i)
{
    x->v[i] = x->hw[i] = x->wt[i] = 0;
    x->done[i] = 0;
}

void pb_wp_rec_pool_free(pb_wp *w)
{
    for (int k = 0; k < w->rec_npool; k++)
        munmap(w->rec_pool[k], w->rec_pool_len);
    w->rec_npool = 0;
}

/* A record freed; its mapping back to the pool when every state it wrote is zeroed again. */
static void rec_free(pb_wp *w, rec *x)
{
    if (!x)
        return;
    if (x->mem) {
        int kept = 0;
        pthread_mutex_lock(&pool_lock);
        if (w->rec_npool == 0)
            w->rec_pool_len = x->len;
        if (w->rec_pool_len == x->len && w->rec_npool < PB_WP_REC_POOL) {
            w->rec_pool[w->rec_npool++] = x->mem;
            kept = 1;
        }
        pthread_mutex_unlock(&pool_lock);
        if (!kept)
            munmap(x->mem, x->len);
    }
    free(x->filled);
    free(x);
}

/* Everything freed; the records' states written zeroed first (those reached, the 1st downs, the
 * closed forms copied), so that their mappings go back to the pool as they came. */
static void release(mctx *c)
{
    int n = pb_wp_nslices(c->w, c->half);
    for (int L = 0; L < LAYERS; L++)
        for (int j = 0; j < c->todo[L].n; j++) {
            const reached *at = &c->todo[L].at[j];
            rec *x = c->slice[L] ? c->slice[L][at->sl] : NULL;
            if (x && x->mem)
                rec_zero(x, pb_wp_index(at->t, at->dn, at->y));
        }
    for (int L = 0; L < LAYERS; L++) {
        for (int k = 0; c->slice[L] && k < n; k++) {
            rec *x = c->slice[L][k];
            if (!x)
                continue;
            for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                rec_zero(x, pb_wp_first(c->w, t));
            for (int j = 0; j < x->nfilled; j++)
                rec_zero(x, x->filled[j]);
            rec_free(c->w, x);
        }
        free(c->slice[L]);
        free(c->head[L].flo);
        free(c->head[L].fhi);
        free(c->todo[L].at);
    }
    for (int t = 0; c->gmax && t <= PB_DRIVE_TOGO; t++)
        for (int v = 0; v < PB_WP_VARIANTS; v++)
            for (int g = 0; g < PB_WP_GROUPS; g++)
                free(c->gmax[t][v][g].p);
    free(c->gmax);
}

static int oom(mctx *c)
{
    snprintf(c->err, c->errlen, "out of memory");
    return -1;
}

/* Layer (L, e)'s kept values: 1st downs (the floats, rounded outward when kept), kicks, tries. */
static const pb_wp_layer *head_at(mctx *c, int L, int e)
{
    pb_wp_layer *l = &c->head[lid(L, e)];
    if (l->flo)
        return l;
    const pb_wp_head *h = e == 0 ? &c->w->head[c->half][L] : &c->w->headx[c->half][L][e];
    return pb_wp_head_layer(h, c->half, L, e, l) == 0 ? l : NULL;
}

/* A midpoint and half-width from [lo, hi], rounded outward (as the solver's layers keep them). */
static void mid_of(double lo, double hi, double *v, double *hw)
{
    *v = 0.5 * (lo + hi);
    *hw = 0.5 * (hi - lo) * (1 + 4 * PB_DRIVE_U) + 2 * PB_DRIVE_U;
}

/* Slice sl of layer (L, e): at L = 0 every state in closed form, else the kept 1st downs. */
static rec *rec_at(mctx *c, int L, int e, int sl)
{
    pb_wp *w = c->w;
    int n = pb_wp_nslices(w, c->half), k = lid(L, L == 0 ? 0 : e);
    if (!c->slice[k] && !(c->slice[k] = calloc((size_t)n, sizeof *c->slice[k])))
        return NULL;
    if (c->slice[k][sl])
        return c->slice[k][sl];
    rec *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    /* Zeros from the system, so that only the pages of the states reached are ever touched (a
     * moment reaches a few thousand of a layer's states): a state is read with a non-zero
     * probability only when the first pass has noted it, which makes it [0, 1] until it is
     * solved; a zero probability reads 0 x 0. */
    x->len = (size_t)w->F * (3 * sizeof(double) + 1);
    if (!(x->mem = rec_mem(w, x->len))) {
        rec_free(w, x);
        return NULL;
    }
    x->v = x->mem;
    x->hw = x->v + w->F;
    x->wt = x->hw + w->F;
    x->done = (unsigned char *)(x->wt + w->F);
    int r, s, a, b;
    pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
    const pb_wp_layer *h = L > 0 ? head_at(c, L, e) : NULL;
    if (L > 0 && !h) {
        rec_free(w, x);   /* (nothing written yet) */
        return NULL;
    }
    x->closed = pb_wp_over(c->half, s) || L == 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        int i = pb_wp_first(w, t);
        if (pb_wp_over(c->half, s)) {
            x->cv[t] = s > 0 ? 1.0 : 0.0;
            x->chw[t] = 0;
        } else if (L == 0) {
            double lo, hi, rad;
            pb_wp_end_field(w, c->half, r, s, t, &lo, &hi, &rad);
            x->cv[t] = 0.5 * (lo + hi);
            x->chw[t] = rad;
        } else
            mid_of(h->flo[sl * 100 + t], h->fhi[sl * 100 + t], &x->v[i], &x->hw[i]);
        if (x->closed) {   /* (the 1st downs now, an opponent's slice reads them all) */
            x->v[i] = x->cv[t];
            x->hw[i] = x->chw[t];
        }
        x->done[i] = 1;
    }
    c->slice[k][sl] = x;
    return x;
}

/* An array of n items of `each` bytes with room for one more: p, or p grown (*cap doubled); NULL
 * when out of memory (p is left as it was). */
static void *room(void *p, int *cap, int n, size_t each)
{
    if (n < *cap)
        return p;
    int more = *cap ? 2 * *cap : 64;
    void *q = realloc(p, (size_t)more * each);
    if (q)
        *cap = more;
    return q;
}

/* State (t, dn, y) of slice sl at layer (L, e) reached with weight wt: listed for the second pass
 * the first time, its weight the largest. 0, or -1 when out of memory. */
static int note(mctx *c, rec *x, int L, int e, int sl, int t, int dn, int y, double wt)
{
    int i = pb_wp_index(t, dn, y), root = lid(L, e) == c->root_lid && sl == c->root_sl && i == c->root_i;
    if (x->closed && !root) {   /* in closed form */
        if (x->done[i])
            return 0;
        int *f = room(x->filled, &x->capfilled, x->nfilled, sizeof *f);
        if (!f)
            return oom(c);
        x->filled = f;
        x->filled[x->nfilled++] = i;
        x->v[i] = x->cv[t];
        x->hw[i] = x->chw[t];
        x->done[i] = 1;
        return 0;
    }
    if (x->done[i] == 1 && !root)
        return 0;   /* kept */
    if (x->wt[i] == 0) {   /* [0, 1] until solved */
        x->v[i] = 0.5;
        x->hw[i] = 0.5;
        reached_list *q = &c->todo[lid(L, e)];
        reached *at = room(q->at, &q->cap, q->n, sizeof *at);
        if (!at)
            return oom(c);
        q->at = at;
        q->at[q->n++] = (reached){sl, t, dn, y};
    }
    x->wt[i] = dmax(x->wt[i], wt);
    return 0;
}

/* An own successor (t, dn, y) of slice sl at layer L: in the first pass noted with its weight (0,
 * or -1), in the second its half-width (solved already, or [0, 1]). */
static double own_hw(mctx *c, rec *x, int L, int e, int sl, int t, int dn, int y, double wt)
{
    if (t < 1 || t > PB_DRIVE_TOGO || y < 1 || y > t || dn < 1 || dn > c->w->downs)
        return 0.5;   /* (not a state: no play leads there) */
    if (c->reach)
        return note(c, x, L, e, sl, t, dn, y, wt);
    return x->hw[pb_wp_index(t, dn, y)];
}

/* The successors of one group: the layer below's slices, the scalar ones and their half-widths. */
typedef struct {
    int use, own_sl, pe;   /* pe: the extra plays of the layer below */
    rec *own;
    double opp[101], opp_hw[101], r[3];
    pb_wp_succ x;
} group;

static int group_of(mctx *c, int L, int e, int r, int s, int a, int b, int g, group *gp)
{
    pb_wp *w = c->w;
    gp->use = g == 0 || (g == 1 ? a > 0 : b > 0);
    if (!gp->use)
        return 0;
    int ag = a - (g == 1), bg = b - (g == 2), ro = c->half == 1 ? 1 - r : 0;
    gp->pe = L == 2 ? e : 0;   /* L = 2 reads L = 1 with the same extra plays; the others the natural layer */
    const pb_wp_layer *p = head_at(c, L - 1, gp->pe);
    gp->own_sl = pb_wp_slice(w, r, s, ag, bg);
    gp->own = rec_at(c, L - 1, gp->pe, gp->own_sl);
    rec *o = rec_at(c, L - 1, gp->pe, pb_wp_slice(w, ro, -s, bg, ag));
    if (!p || !gp->own || !o)
        return oom(c);
    gp->opp[0] = gp->opp[100] = gp->opp_hw[0] = gp->opp_hw[100] = 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        gp->opp[t] = o->v[pb_wp_first(w, t)];
        gp->opp_hw[t] = o->hw[pb_wp_first(w, t)];
    }
    double td_lo, td_hi, sf_lo, sf_hi, tt_lo, tt_hi;
    pb_wp_try_at(w, p, r, s + 6, ag, bg, &td_lo, &td_hi);
    pb_wp_kick_at(w, p, PB_WP_FREE, r, s - 2, ag, bg, &sf_lo, &sf_hi);
    pb_wp_try_at(w, p, ro, -s + 6, bg, ag, &tt_lo, &tt_hi);
    gp->x.td = 0.5 * (td_lo + td_hi);
    gp->x.sf = 0.5 * (sf_lo + sf_hi);
    gp->x.ttd = 0.5 * ((1.0 - tt_lo) + (1.0 - tt_hi));
    gp->r[0] = 0.5 * (td_hi - td_lo);
    gp->r[1] = 0.5 * (sf_hi - sf_lo);
    gp->r[2] = 0.5 * ((1.0 - tt_lo) - (1.0 - tt_hi));
    gp->x.own = gp->own->v;
    gp->x.opp = gp->opp;
    return 0;
}

/* One outcome's half-width (its successor made known first). */
static double gain_hw(mctx *c, group *gp, int L, int t, int dn, int y, int m, double wt)
{
    if (m >= y)
        return own_hw(c, gp->own, L - 1, gp->pe, gp->own_sl, t - m, 1, t - m < c->w->fdy ? t - m : c->w->fdy, wt);
    if (dn >= c->w->downs) {
        int k = 100 - t + m;
        return k >= 1 && k <= PB_DRIVE_TOGO ? gp->opp_hw[k] : 0.5;
    }
    return own_hw(c, gp->own, L - 1, gp->pe, gp->own_sl, t - m, dn + 1, y - m, wt);
}

static double pen_hw(mctx *c, group *gp, int L, int t, int dn, int y, int m, int def, double wt)
{
    int first = def && m >= y && c->w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN, y2 = y - m;
    if (first)
        return own_hw(c, gp->own, L - 1, gp->pe, gp->own_sl, t - m, 1, t - m < c->w->fdy ? t - m : c->w->fdy, wt);
    return own_hw(c, gp->own, L - 1, gp->pe, gp->own_sl, t - m, dn, y2 < 1 ? 1 : y2, wt);
}

static double out_hw(mctx *c, group *gp, int L, int t, int dn, int y, const pb_wp_out *o, double wt)
{
    if (!gp->use)
        return 0.5;
    switch (o->kind) {
    case PB_WP_O_GAIN:
        return gain_hw(c, gp, L, t, dn, y, o->m, wt * o->p);
    case PB_WP_O_PEN:
    case PB_WP_O_PEN_DEF:
        return pen_hw(c, gp, L, t, dn, y, o->m, o->kind == PB_WP_O_PEN_DEF, wt * o->p);
    case PB_WP_O_TD:
        return gp->r[0];
    case PB_WP_O_SF:
        return gp->r[1];
    case PB_WP_O_TTD:
        return gp->r[2];
    default:
        return o->m >= 1 && o->m <= PB_DRIVE_TOGO ? gp->opp_hw[o->m] : 0.5;
    }
}

/* The sum of probability x half-width over a cell's outcomes (hg: each gain's half-width, from
 * gain hmin on, shared by the 15 cells); -1 on an error. */
static double cell_hw(mctx *c, group *gp, const pb_drive_cell *cl, const double *hg, int hmin, int L, int t, int dn,
                      int y, double wt)
{
    double s = 0, h;
    const double *hk = hg + (cl->gmin - hmin);
    for (int k = 0; k < cl->ng; k++)
        s += cl->pg[k] * hk[k];   /* (a zero probability adds 0) */
    for (int k = 0; k < cl->npen; k++) {
        if ((h = pen_hw(c, gp, L, t, dn, y, cl->pen_m[k], cl->pen_def[k] != 0, wt * cl->pen_p[k])) < 0)
            return -1;
        s += cl->pen_p[k] * h;
    }
    for (int k = 0; k < cl->nto; k++)
        s += cl->to_p[k] * (cl->to_t[k] >= 1 && cl->to_t[k] <= PB_DRIVE_TOGO ? gp->opp_hw[cl->to_t[k]] : 0.5);
    return s + cl->p_td * gp->r[0] + cl->p_safety * gp->r[1] + cl->p_ttd * gp->r[2];
}

static double nodes_hw(mctx *c, group *gp, const pb_wp_nodes *nd, int L, int t, int dn, int y, double wt)
{
    double s = 0;
    for (int i = 0; i < nd->n; i++) {
        const pb_wp_node *n = &nd->node[i];
        double widest = 0;
        for (int k = 0; k < n->nalt; k++) {
            double r = 0;
            for (int q = n->first[k]; q < n->first[k + 1]; q++) {
                double h = out_hw(c, &gp[nd->out[q].group], L, t, dn, y, &nd->out[q], wt * n->w);
                if (h < 0)
                    return -1;
                r += nd->out[q].p * h;
            }
            widest = dmax(widest, r);
        }
        s += n->w * widest;
    }
    return s;
}

/* The largest probability of each gain over the 15 cells of togo t, variant v, group g. */
static const gain_max *gain_max_of(mctx *c, int t, int v, int g)
{
    if (!c->gmax && !(c->gmax = calloc(PB_DRIVE_TOGO + 1, sizeof *c->gmax)))
        return NULL;
    gain_max *q = &c->gmax[t][v][g];
    if (q->p)
        return q;
    int lo = 0, hi = -1;
    for (int k = 0; k < 15; k++) {
        const pb_drive_cell *cl = &c->w->cell[t][k / 5][k % 5][v][g];
        if (cl->ng > 0) {
            lo = hi < lo ? cl->gmin : (cl->gmin < lo ? cl->gmin : lo);
            hi = cl->gmin + cl->ng - 1 > hi ? cl->gmin + cl->ng - 1 : hi;
        }
    }
    q->gmin = lo;
    q->ng = hi - lo + 1;
    if (!(q->p = calloc((size_t)(q->ng > 0 ? q->ng : 1), sizeof *q->p)))
        return NULL;
    for (int k = 0; k < 15; k++) {
        const pb_drive_cell *cl = &c->w->cell[t][k / 5][k % 5][v][g];
        for (int j = 0; j < cl->ng; j++)
            q->p[cl->gmin + j - lo] = dmax(q->p[cl->gmin + j - lo], cl->pg[j]);
    }
    return q;
}

/* The first pass over a snap's play outcomes: every successor noted with its largest weight. */
static int reach_cells(mctx *c, group *gp, int L, int t, int dn, int y, int v, double wt)
{
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        if (!gp[g].use)
            continue;
        const gain_max *q = gain_max_of(c, t, v, g);
        if (!q)
            return oom(c);
        for (int j = 0; j < q->ng; j++)
            if (q->p[j] > 0 && gain_hw(c, &gp[g], L, t, dn, y, q->gmin + j, wt * q->p[j]) < 0)
                return -1;
        for (int k = 0; k < 15; k++) {
            const pb_drive_cell *cl = &c->w->cell[t][k / 5][k % 5][v][g];
            for (int j = 0; j < cl->npen; j++)
                if (pen_hw(c, &gp[g], L, t, dn, y, cl->pen_m[j], cl->pen_def[j] != 0, wt * cl->pen_p[j]) < 0)
                    return -1;
        }
    }
    for (int k = 0; c->w->node && k < 15; k++)
        if (nodes_hw(c, gp, &c->w->node[t][k / 5][k % 5][v], L, t, dn, y, wt) < 0)
            return -1;
    return 0;
}

/* The state (t, dn, y) of the extra play's layer (L = 2, e) at slice sl: [lo, hi]. */
static int extra(mctx *c, int e, int sl, int t, int dn, int y, double wt, double *lo, double *hi)
{
    rec *x = rec_at(c, 2, e, sl);
    if (!x)
        return oom(c);
    double h = own_hw(c, x, 2, e, sl, t, dn, y, wt);
    if (h < 0)
        return -1;
    int i = pb_wp_index(t, dn, y);
    *lo = x->v[i] - x->hw[i];
    *hi = x->v[i] + x->hw[i];
    return 0;
}

/* At the moment's state: each card's matrix (c->cards) from the same successors, and its radius, the
 * widest over its 15 entries of the sum of probability x successor half-width, as the state's own.
 * A card's gains are among the mixed cells' (every card is in the mix), so hg covers them. */
static int root_cards(mctx *c, const group *gp, double hg[][2 * PB_DRIVE_TOGO + 2], const gain_max *const *q, int L,
                      int t, int dn, int y, int a, int b, double wt)
{
    pb_wp *w = c->w;
    pb_wp_card_parts *cp = c->cards;
    pb_wp_succ sx[PB_WP_GROUPS];
    for (int g = 0; g < PB_WP_GROUPS; g++)
        sx[g] = gp[g].x;
    for (int k = 0; k < cp->n; k++) {
        if (pb_wp_snap_entries_of(w, cp->cells[k], a, b, t, dn, y, sx, cp->A[k]) != 0) {
            snprintf(c->err, c->errlen, "internal error: a card's play has too many kinds of penalty");
            return -1;
        }
        double widest = 0;
        for (int e = 0; e < 15; e++) {
            double R = 0;
            for (int g = 0; g < PB_WP_GROUPS; g++) {
                if (!gp[g].use)
                    continue;
                const pb_drive_cell *cl = cp->cells[k][g][e];
                if (cl->ng > 0 && (cl->gmin < q[g]->gmin || cl->gmin + cl->ng > q[g]->gmin + q[g]->ng)) {
                    snprintf(c->err, c->errlen, "internal error: a card's gain is not in the mixed play's");
                    return -1;
                }
                double h = cell_hw(c, (group *)&gp[g], cl, hg[g], q[g]->gmin, L, t, dn, y, wt);
                if (h < 0)
                    return -1;
                R += h;
            }
            widest = dmax(widest, R);
        }
        cp->R[k] = widest * (1 + 1e-12) + w->eps;
    }
    return 0;
}

/* State (t, dn, y) of slice sl at layer (L >= 1, e), reached with weight x->wt: in the first pass
 * its successors noted with their weights, in the second the state solved into its record (its
 * successors solved already). 0, or -1. */
static int state(mctx *c, int L, int e, int sl, int t, int dn, int y)
{
    pb_wp *w = c->w;
    rec *x = rec_at(c, L, e, sl);
    if (!x)
        return oom(c);
    int i = pb_wp_index(t, dn, y);
    int root = lid(L, e) == c->root_lid && sl == c->root_sl && i == c->root_i;
    double wt = x->wt[i];
    if (L < c->lmin || wt < c->mass)   /* beyond the depth, or too unlikely to matter: [0, 1] */
        return 0;
    int r, s, a, b;
    pb_wp_slice_coords(w, sl, &r, &s, &a, &b);
    if (pb_wp_tables_togo(w, t, c->err, c->errlen) != 0)
        return -1;
    group gp[PB_WP_GROUPS];
    for (int g = 0; g < PB_WP_GROUPS; g++)
        if (group_of(c, L, e, r, s, a, b, g, &gp[g]) != 0)
            return -1;
    int v = pb_wp_variant(s, a, b);
    if (c->reach) {   /* the play's successors, then the extra-play timeouts' states */
        double elo, ehi;
        if (reach_cells(c, gp, L, t, dn, y, v, wt) != 0)
            return -1;
        if (L == 1 && e < w->E && b > 0 && extra(c, e + 1, pb_wp_slice(w, r, s, a, b - 1), t, dn, y, wt, &elo, &ehi) != 0)
            return -1;
        if (L == 1 && e < w->E && a > 0 && extra(c, e + 1, pb_wp_slice(w, r, s, a - 1, b), t, dn, y, wt, &elo, &ehi) != 0)
            return -1;
        return 0;
    }
    double widest = 0, Rk[15] = {0}, hg[PB_WP_GROUPS][2 * PB_DRIVE_TOGO + 2];
    const gain_max *q[PB_WP_GROUPS];
    for (int g = 0; c->radii && g < PB_WP_GROUPS; g++) {   /* each gain's successor half-width, once */
        if (!gp[g].use)
            continue;
        if (!(q[g] = gain_max_of(c, t, v, g)))
            return oom(c);
        if (q[g]->ng > 2 * PB_DRIVE_TOGO + 2) {
            snprintf(c->err, c->errlen, "internal error: a play's gains span %d yards", q[g]->ng);
            return -1;
        }
        for (int j = 0; j < q[g]->ng; j++)
            hg[g][j] = q[g]->p[j] > 0 ? gain_hw(c, &gp[g], L, t, dn, y, q[g]->gmin + j, wt) : 0.0;
    }
    for (int k = 0; c->radii && k < 15; k++) {
        double R = 0;
        for (int g = 0; g < PB_WP_GROUPS; g++) {
            if (!gp[g].use)
                continue;
            double h = cell_hw(c, &gp[g], &w->cell[t][k / 5][k % 5][v][g], hg[g], q[g]->gmin, L, t, dn, y, wt);
            if (h < 0)
                return -1;
            R += h;
        }
        if (w->node) {
            double h = nodes_hw(c, gp, &w->node[t][k / 5][k % 5][v], L, t, dn, y, wt);
            if (h < 0)
                return -1;
            R += h;
        }
        Rk[k] = R;
        widest = dmax(widest, R);
    }
    pb_wp_succ sx[PB_WP_GROUPS];
    for (int g = 0; g < PB_WP_GROUPS; g++)
        sx[g] = gp[g].x;
    double A[3][5], mlo, mhi, fg[2], punt[2];
    const pb_wp_layer *cur = head_at(c, L, e);
    if (!cur)
        return oom(c);
    if (pb_wp_snap_entries(w, s, a, b, t, dn, y, sx, A) != 0 || pb_wp_snap_certify(w, A, Rk, &mlo, &mhi) != 0 ||
        pb_wp_rows_at(w, cur, r, s, a, b, t, fg, punt) != 0) {
        snprintf(c->err, c->errlen, "internal error: a snap's game had no solution (half %d, %d cards left)", c->half,
                 L);
        return -1;
    }
    if (root && c->cards && root_cards(c, gp, hg, q, L, t, dn, y, a, b, wt) != 0)
        return -1;
    if (root) {
        memcpy(c->A, A, sizeof A);
        c->R = widest * (1 + 1e-12) + w->eps;
        memcpy(c->fg, fg, sizeof fg);
        memcpy(c->punt, punt, sizeof punt);
    }
    double lo = dmax(mlo, dmax(0.0, dmax(punt[0], fg[0]) - w->eps));
    double hi = dmax(mhi, dmin(1.0, dmax(punt[1], fg[1]) + w->eps));
    if (L == 1 && e < w->E) {   /* the extra-play timeouts: the defense's if the offense takes none */
        double elo, ehi;
        if (b > 0) {
            if (extra(c, e + 1, pb_wp_slice(w, r, s, a, b - 1), t, dn, y, wt, &elo, &ehi) != 0)
                return -1;
            lo = dmin(lo, elo);
            hi = dmin(hi, ehi);
        }
        if (a > 0) {
            if (extra(c, e + 1, pb_wp_slice(w, r, s, a - 1, b), t, dn, y, wt, &elo, &ehi) != 0)
                return -1;
            lo = dmax(lo, elo);
            hi = dmax(hi, ehi);
        }
    }
    mid_of(lo, hi, &x->v[i], &x->hw[i]);
    c->states++;
    return 0;
}

/* The layers the moment (L, e) reads, in an order where each is read only by those before it:
 * the natural layers down to 1, then the extra plays' (2, e + 1), (1, e + 1), ...; their count. */
static int layer_order(const pb_wp *w, int L, int e, int order[LAYERS][2])
{
    int n = 0;
    if (e == 0)
        for (int k = L; k >= 1; k--) {
            order[n][0] = k;
            order[n++][1] = 0;
        }
    else
        for (int k = L; k >= 1; k--) {   /* (L = 2 or 1 with e) */
            order[n][0] = k;
            order[n++][1] = e;
        }
    for (int f = e + 1; f <= w->E; f++)
        for (int k = 2; k >= 1; k--) {
            order[n][0] = k;
            order[n++][1] = f;
        }
    return n;
}

/* The moment's state (t, dn, y) of slice sl at layer (L >= 1, e), solved: the two passes. */
static int walk(mctx *c, int L, int e, int sl, int t, int dn, int y)
{
    int order[LAYERS][2], n = layer_order(c->w, L, e, order);
    rec *x = rec_at(c, L, e, sl);
    if (!x)
        return oom(c);
    c->reach = 1;
    if (note(c, x, L, e, sl, t, dn, y, 1.0) != 0)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        c->reach = pass == 0;
        for (int k = pass == 0 ? 0 : n - 1; pass == 0 ? k < n : k >= 0; k += pass == 0 ? 1 : -1) {
            const reached_list *q = &c->todo[lid(order[k][0], order[k][1])];
            for (int j = 0; j < q->n; j++) {
                reached at = q->at[j];
                if (state(c, order[k][0], order[k][1], at.sl, at.t, at.dn, at.y) != 0)
                    return -1;
            }
        }
    }
    return 0;
}

static int recompute(const pb_wp *cw, const pb_wp_moment *m, int depth, double mass, int radii, double *lo,
                     double *hi, long *states, pb_wp_parts *parts, pb_wp_card_parts *cards, char *err, size_t errlen);

int pb_wp_recompute(const pb_wp *w, const pb_wp_moment *m, int depth, double mass, double *lo, double *hi,
                    long *states, char *err, size_t errlen)
{
    return recompute(w, m, depth, mass, 1, lo, hi, states, NULL, NULL, err, errlen);
}

int pb_wp_recompute_play(const pb_wp *w, const pb_wp_moment *m, double *lo, double *hi, char *err, size_t errlen)
{
    return recompute(w, m, 0, 0, 0, lo, hi, NULL, NULL, NULL, err, errlen);
}

static int parts_of(const pb_wp *w, const pb_wp_moment *m, int radii, pb_wp_parts *p, char *err, size_t errlen)
{
    if (m->left < 1) {
        snprintf(err, errlen, "internal error: a moment after the last card is not recomputed");
        return -1;
    }
    return recompute(w, m, 0, 0, radii, &p->lo, &p->hi, NULL, p, NULL, err, errlen);   /* (p->states: below) */
}

int pb_wp_recompute_cards(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, pb_wp_card_parts *cards, char *err,
                          size_t errlen)
{
    if (m->left < 1) {
        snprintf(err, errlen, "internal error: a moment after the last card is not recomputed");
        return -1;
    }
    if (w->node) {
        snprintf(err, errlen, "a card's worth is summed from the play's outcomes whole: not with the in-play "
                              "decisions by value");
        return -1;
    }
    return recompute(w, m, 0, 0, 1, &p->lo, &p->hi, NULL, p, cards, err, errlen);
}

int pb_wp_recompute_parts(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, char *err, size_t errlen)
{
    return parts_of(w, m, 1, p, err, errlen);
}

int pb_wp_recompute_parts_play(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, char *err, size_t errlen)
{
    return parts_of(w, m, 0, p, err, errlen);
}

static int recompute(const pb_wp *cw, const pb_wp_moment *m, int depth, double mass, int radii, double *lo,
                     double *hi, long *states, pb_wp_parts *parts, pb_wp_card_parts *cards, char *err, size_t errlen)
{
    pb_wp *w = (pb_wp *)cw;   /* the play cells of the togos reached are built into it (under a lock) */
    mctx c;
    memset(&c, 0, sizeof c);
    c.w = w;
    c.half = m->half;
    c.err = err;
    c.errlen = errlen;
    c.mass = mass > 0 ? mass : PB_WP_RECOMPUTE_MASS;
    c.radii = radii;
    c.cards = cards;
    int d = depth > 0 ? depth : PB_WP_RECOMPUTE_DEPTH;
    c.lmin = m->left - d + 1 < 1 ? 1 : m->left - d + 1;
    int r = m->half == 1 ? (m->receives_second != 0) : 0;
    int S = w->S, s = m->lead > S ? S : m->lead < -S ? -S : m->lead;
    int sl = pb_wp_slice(w, r, s, m->timeouts_own, m->timeouts_opp);
    int st = 0;
    c.root_lid = lid(m->left, m->extras);
    c.root_sl = sl;
    c.root_i = pb_wp_index(m->togo, m->down, m->ytg);
    if (!parts && m->left > 0) {   /* (a kept state is read as kept; asked for its alternatives, solved) */
        rec *x = rec_at(&c, m->left, m->extras, sl);
        if (!x) {
            release(&c);
            return oom(&c);
        }
        if (x->closed || x->done[c.root_i] == 1)
            c.root_lid = -1;
    }
    if (m->left == 0) {
        rec *x = rec_at(&c, 0, 0, sl);
        st = x ? 0 : oom(&c);
        if (st == 0) {
            *lo = x->cv[m->togo] - x->chw[m->togo];
            *hi = x->cv[m->togo] + x->chw[m->togo];
        }
    } else {
        st = walk(&c, m->left, m->extras, sl, m->togo, m->down, m->ytg);
        if (st == 0) {
            rec *x = c.slice[lid(m->left, m->extras)][sl];
            int i = pb_wp_index(m->togo, m->down, m->ytg);
            *lo = x->v[i] - x->hw[i];
            *hi = x->v[i] + x->hw[i];
        }
    }
    if (states)
        *states = c.states;
    if (parts && st == 0) {
        parts->states = c.states;
        memcpy(parts->A, c.A, sizeof c.A);
        parts->R = c.R;
        memcpy(parts->fg, c.fg, sizeof c.fg);
        memcpy(parts->punt, c.punt, sizeof c.punt);
    }
    release(&c);
    return st;
}
