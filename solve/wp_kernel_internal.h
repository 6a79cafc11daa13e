/* solve/wp_kernel_internal.h: the sums of a snap's matrix entries, written once for two value types:
 * one state (double) and a batch of slices side by side (wp_lanes, one slice a lane). Included
 * by wp_snaps.c with WK_VAL (the type) and WK(name) (the names' suffix) defined. Every lane does
 * the same operations in the same order as the one-state code, so both give the same bits.
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

static inline __attribute__((always_inline)) void WK(parts_of)(const pb_wp *w, const pb_drive_cell *c, int t,
                                                               const WK(succ) *x, WK(parts) *cp)
{
    WK_VAL k = c->p_td * x->td + c->p_safety * x->sf + c->p_ttd * x->ttd;
    for (int i = 0; i < c->nto; i++)
        k += c->to_p[i] * (1.0 - x->opp[c->to_t[i]]);
    cp->k = k;
    WK_VAL s = {0};
    cp->s[t + 1] = s;
    for (int y = t; y >= 1; y--) {
        int k2 = y - c->gmin;
        if (k2 >= 0 && k2 < c->ng)
            s += c->pg[k2] * x->own[pb_wp_first(w, t - y)];
        cp->s[y] = s;
    }
    WK_VAL p = {0};
    for (int k2 = 0; k2 < c->ng && c->gmin + k2 < 1; k2++)
        p += c->pg[k2] * (1.0 - x->opp[100 - t + c->gmin + k2]);
    cp->p4[1] = p;
    for (int y = 1; y < t; y++) {
        int k2 = y - c->gmin;
        if (k2 >= 0 && k2 < c->ng)
            p += c->pg[k2] * (1.0 - x->opp[100 - t + y]);
        cp->p4[y + 1] = p;
    }
}

static inline __attribute__((always_inline)) void WK(entry)(const pb_wp *w, const pb_drive_cell *c,
                                                            const WK(parts) *cp, int t, int dn, int y,
                                                            const WK_VAL *own, WK_VAL *out)
{
    int last = dn >= w->downs, pen1st = w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
    WK_VAL s = cp->k + cp->s[y];
    if (last) {
        s += cp->p4[y];
    } else {
        int split = y - c->gmin < c->ng ? y - c->gmin : c->ng;
        if (split > 0) {
            const WK_VAL *v = own + pb_wp_index(t, dn + 1, y) - c->gmin;
            WK_VAL a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};   /* four chains: the adds overlap */
            int k = 0;
            for (; k + 4 <= split; k += 4) {
                a0 += c->pg[k] * v[-k];
                a1 += c->pg[k + 1] * v[-k - 1];
                a2 += c->pg[k + 2] * v[-k - 2];
                a3 += c->pg[k + 3] * v[-k - 3];
            }
            for (; k < split; k++)
                a0 += c->pg[k] * v[-k];
            s += (a0 + a1) + (a2 + a3);
        }
    }
    for (int k = 0; k < c->npen; k++) {
        int m = c->pen_m[k], y2 = y - m;
        int at = c->pen_def[k] && m >= y && pen1st ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2);
        s += c->pen_p[k] * own[at];
    }
    *out += s;
}

/* In play by value (wp_nodes.c): the decision points of a cell at (t, dn, y), x[g] the
 * successors of each timeout group: each point's best alternative for its chooser (the offense
 * the largest, the defense the smallest; lane by lane), times its probability, summed from 0
 * and then added to *out. */
/* v += p x the value of one outcome (a pointer, not a vector return: the ABI) */
static inline __attribute__((always_inline)) void WK(out_add)(const pb_wp *w, const pb_wp_out *o, int t, int dn, int y,
                                                              const WK(succ) *x, WK_VAL *v)
{
    switch (o->kind) {
    case PB_WP_O_GAIN: {
        int m = o->m;
        if (m >= y)
            *v += o->p * x->own[pb_wp_first(w, t - m)];
        else if (dn >= w->downs)
            *v += o->p * (1.0 - x->opp[100 - t + m]);
        else
            *v += o->p * x->own[pb_wp_index(t - m, dn + 1, y - m)];
        return;
    }
    case PB_WP_O_PEN:
    case PB_WP_O_PEN_DEF: {
        int m = o->m, y2 = y - m;
        int first = o->kind == PB_WP_O_PEN_DEF && m >= y && w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
        *v += o->p * x->own[first ? pb_wp_first(w, t - m) : pb_wp_index(t - m, dn, y2 < 1 ? 1 : y2)];
        return;
    }
    case PB_WP_O_TD:
        *v += o->p * x->td;
        return;
    case PB_WP_O_SF:
        *v += o->p * x->sf;
        return;
    case PB_WP_O_TTD:
        *v += o->p * x->ttd;
        return;
    default:
        *v += o->p * (1.0 - x->opp[o->m]);
        return;
    }
}

static inline __attribute__((always_inline)) void WK(nodes_value)(const pb_wp *w, const pb_wp_nodes *nd, int t, int dn,
                                                                  int y, const WK(succ) *x, WK_VAL *out)
{
    enum { LANES = sizeof(WK_VAL) / sizeof(double) };
    WK_VAL s = {0};
    for (int i = 0; i < nd->n; i++) {
        const pb_wp_node *n = &nd->node[i];
        WK_VAL best = {0};
        for (int k = 0; k < n->nalt; k++) {
            if (pb_wp_test_nodes_by_policy && k != n->policy)
                continue;
            WK_VAL v = {0};
            for (int q = n->first[k]; q < n->first[k + 1]; q++)
                WK(out_add)(w, &nd->out[q], t, dn, y, &x[nd->out[q].group], &v);
            if (k == 0 || pb_wp_test_nodes_by_policy) {
                best = v;
                continue;
            }
            double *pb = (double *)&best;
            const double *pv = (const double *)&v;
            for (int j = 0; j < LANES; j++)
                pb[j] = n->chooser ? (pb[j] < pv[j] ? pb[j] : pv[j]) : (pb[j] > pv[j] ? pb[j] : pv[j]);
        }
        s += n->w * best;
    }
    *out += s;
}
