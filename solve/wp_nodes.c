/* solve/wp_nodes.c: the decision points of a snap, when the game solver chooses in play by value
 * (solve --in-play value): challenges, accepting or declining a penalty, and the card timeouts
 * and card changes of 21-24.
 *
 * Each play card is compiled once into its chance outcomes and its decision points
 * (pb_enumerate_compiled); wp_tables.c mixes the outcomes reached with no decision into the
 * cells, as the policies' outcomes are mixed otherwise, and keeps every decision point here:
 * its probability, who chooses, and each alternative's outcomes. At a state the solver takes,
 * for each point, the alternative worth most to its chooser at the values of the layer below
 * (the offense the largest, the defense the smallest), so no dice are enumerated again. A
 * timeout an alternative spends is read at the successors of its group, as for the cells.
 *
 * The bound: |max_k a_k - max_k b_k| <= max_k |a_k - b_k|, so a point adds its probability
 * times its widest alternative's bound. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wp_internal.h"

static inline double dmax(double a, double b) { return a > b ? a : b; }

int pb_wp_group_of(const pb_dist_entry *e, const pb_play_card *c)
{
    if (e->flags & PB_FLAG_TIMEOUT_OFFENSE)
        return 1;
    if (e->flags & PB_FLAG_TIMEOUT_DEFENSE)
        return 2;
    if (e->flags & PB_FLAG_CHALLENGE_LOST)
        return c->challenge == PB_SIDE_OFFENSE ? 1 : 2;
    return 0;
}

static int out_of(pb_wp_out *o, const pb_dist_entry *e, int togo, const pb_play_card *card)
{
    int y = e->yards;
    o->m = 0;
    o->group = (unsigned char)pb_wp_group_of(e, card);
    switch (e->kind) {
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
    case PB_OUT_INCOMPLETE:
        o->kind = PB_WP_O_GAIN;
        o->m = (short)(e->kind == PB_OUT_INCOMPLETE ? 0 : y);
        return o->m < togo - 99 || o->m > togo - 1 ? -1 : 0;
    case PB_OUT_TOUCHDOWN:
        o->kind = PB_WP_O_TD;
        return 0;
    case PB_OUT_SAFETY:
        o->kind = PB_WP_O_SF;
        return 0;
    case PB_OUT_TURNOVER_TD:
        o->kind = PB_WP_O_TTD;
        return 0;
    case PB_OUT_TURNOVER:
        o->kind = PB_WP_O_TO;
        o->m = (short)y;
        return y < 1 || y > 99 ? -1 : 0;
    case PB_OUT_PENALTY: {
        int def = (e->flags & PB_FLAG_FOUL_DEFENSE) != 0;
        o->kind = def ? PB_WP_O_PEN_DEF : PB_WP_O_PEN;
        o->m = (short)y;
        return togo - y < 1 || togo - y > 99 ? -1 : 0;
    }
    default:
        return -1;
    }
}

int pb_wp_nodes_add(pb_wp_nodes *nd, const pb_play_node *n, int card, int togo, const pb_play_card *pc, char *err,
                    size_t errlen)
{
    size_t more = 0;
    for (int k = 0; k < n->nalt; k++)
        more += n->alt[k].count;
    pb_wp_node *nn = realloc(nd->node, (size_t)(nd->n + 1) * sizeof *nn);
    if (nn)
        nd->node = nn;
    pb_wp_out *no = realloc(nd->out, ((size_t)nd->nout + more + 1) * sizeof *no);
    if (no)
        nd->out = no;
    if (!nn || !no) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_wp_node *x = &nd->node[nd->n];
    memset(x, 0, sizeof *x);
    x->w = mpq_get_d(n->weight) / PB_CARD_COUNT;
    x->chooser = n->chooser == PB_SIDE_DEFENSE;
    x->card = (unsigned char)card;
    x->nalt = (unsigned char)n->nalt;
    x->policy = (unsigned char)n->policy;
    mpq_t p;
    mpq_init(p);
    int st = 0;
    for (int k = 0; k < n->nalt && st == 0; k++) {
        x->label[k] = (unsigned char)n->label[k];
        x->first[k] = nd->nout;
        for (size_t i = 0; i < n->alt[k].count && st == 0; i++) {
            pb_wp_out *o = &nd->out[nd->nout];
            if (n->alt[k].entries[i].kind == PB_OUT_CUT) {
                snprintf(err, errlen, "a doubles chain was cut at togo %d: the ruleset's chain can run forever", togo);
                st = -1;
            } else if (out_of(o, &n->alt[k].entries[i], togo, pc) != 0) {
                snprintf(err, errlen, "internal error: a decision at togo %d gave '%s %d'", togo,
                         pb_outcome_name(n->alt[k].entries[i].kind), n->alt[k].entries[i].yards);
                st = -1;
            } else {
                pb_dist_p(&n->alt[k], i, p);
                o->p = mpq_get_d(p);
                nd->nout++;
            }
        }
    }
    x->first[n->nalt] = nd->nout;
    mpq_clear(p);
    if (st == 0)
        nd->n++;
    return st;
}

void pb_wp_nodes_release(pb_wp_nodes *nd)
{
    free(nd->node);
    free(nd->out);
    memset(nd, 0, sizeof *nd);
}

/* ---- the plan shared by the 15 cells of a togo and variant ---- */

typedef struct {
    unsigned long long *key;   /* hash, 0 empty */
    int *id;
    size_t cap;
} htab;

static int htab_init(htab *h, size_t n)
{
    h->cap = 64;
    while (h->cap < 2 * n + 2)
        h->cap *= 2;
    h->key = calloc(h->cap, sizeof *h->key);
    h->id = malloc(h->cap * sizeof *h->id);
    return h->key && h->id ? 0 : -1;
}

static void htab_free(htab *h)
{
    free(h->key);
    free(h->id);
}

static unsigned long long mix(unsigned long long h, unsigned long long x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

static unsigned long long out_hash(const pb_wp_out *o, int n)
{
    unsigned long long h = 0xcbf29ce484222325ULL ^ (unsigned long long)n;
    for (int q = 0; q < n; q++) {
        unsigned long long bits;
        memcpy(&bits, &o[q].p, sizeof bits);
        h = mix(h, bits);
        h = mix(h, (unsigned long long)(unsigned short)o[q].m << 16 | (unsigned long long)o[q].kind << 8 | o[q].group);
    }
    return h ? h : 1;
}

static int outs_equal(const pb_wp_out *a, const pb_wp_out *b, int n)
{
    for (int q = 0; q < n; q++)
        if (a[q].p != b[q].p || a[q].m != b[q].m || a[q].kind != b[q].kind || a[q].group != b[q].group)
            return 0;
    return 1;
}

/* The id of the alternative o[0 .. n - 1] in pl, added when new; -1 when out of memory. */
static int alt_id(pb_wp_nplan *pl, htab *h, const pb_wp_out *o, int n, int *cap_out)
{
    unsigned long long k = out_hash(o, n);
    size_t i = k & (h->cap - 1);
    for (; h->key[i]; i = (i + 1) & (h->cap - 1))
        if (h->key[i] == k) {
            int a = h->id[i];
            if (pl->alt_first[a + 1] - pl->alt_first[a] == n && outs_equal(pl->out + pl->alt_first[a], o, n))
                return a;
        }
    int a = pl->nalt, at = pl->alt_first[a];
    if (at + n > *cap_out) {
        int c = 2 * (at + n);
        pb_wp_out *no = realloc(pl->out, (size_t)c * sizeof *no);
        if (!no)
            return -1;
        pl->out = no;
        *cap_out = c;
    }
    memcpy(pl->out + at, o, (size_t)n * sizeof *o);
    pl->alt_first[a + 1] = at + n;
    pl->nalt++;
    h->key[i] = k;
    h->id[i] = a;
    return a;
}

static int nplan_long(pb_wp_nplan *pl, int t);

/* An alternative with at least this many outcomes is summed as cells. */
#define PB_WP_LONG_ALT 12

/* Each short alternative's outcomes reordered, the fixed ones first (pb_wp_out_fixed), each part
 * in its order: the batch sums the fixed part once per togo and starts each state from it, the
 * one-state code sums them all in this order, so both give the same bits. */
static int nplan_fixed_first(pb_wp_nplan *pl)
{
    pl->alt_var = malloc(((size_t)pl->nalt + 1) * sizeof *pl->alt_var);
    if (!pl->alt_var)
        return -1;
    for (int a = 0; a < pl->nalt; a++) {
        int q0 = pl->alt_first[a], n = pl->alt_first[a + 1] - q0, k = 0;
        pl->alt_var[a] = q0;
        if (pl->alt_long[a])
            continue;
        pb_wp_out tmp[PB_WP_LONG_ALT];   /* a short alternative has fewer outcomes */
        for (int q = 0; q < n; q++)
            if (pb_wp_out_fixed(pl->out[q0 + q].kind))
                tmp[k++] = pl->out[q0 + q];
        pl->alt_var[a] = q0 + k;
        for (int q = 0; q < n; q++)
            if (!pb_wp_out_fixed(pl->out[q0 + q].kind))
                tmp[k++] = pl->out[q0 + q];
        memcpy(pl->out + q0, tmp, (size_t)n * sizeof *tmp);
    }
    return 0;
}

int pb_wp_nplan_build(pb_wp_nplan *pl, const pb_wp_nodes *const cell[15], int t)
{
    memset(pl, 0, sizeof *pl);
    int nodes = 0, alts = 0;
    for (int c = 0; c < 15; c++) {
        nodes += cell[c]->n;
        for (int i = 0; i < cell[c]->n; i++)
            alts += cell[c]->node[i].nalt;
    }
    htab ha = {0}, hn = {0};
    int cap_out = 0, st = -1;
    pl->alt_first = calloc((size_t)alts + 1, sizeof *pl->alt_first);
    pl->node_alt = malloc(((size_t)nodes + 1) * PB_NODE_ALTS * sizeof *pl->node_alt);
    pl->node_n = malloc((size_t)nodes + 1);
    pl->node_ch = malloc((size_t)nodes + 1);
    pl->node_pol = malloc((size_t)nodes + 1);
    pl->ref_node = malloc(((size_t)nodes + 1) * sizeof *pl->ref_node);
    pl->ref_w = malloc(((size_t)nodes + 1) * sizeof *pl->ref_w);
    if (htab_init(&ha, (size_t)alts) != 0 || htab_init(&hn, (size_t)nodes) != 0 || !pl->alt_first ||
        !pl->node_alt || !pl->node_n || !pl->node_ch || !pl->node_pol || !pl->ref_node || !pl->ref_w)
        goto done;
    for (int c = 0; c < 15; c++) {
        const pb_wp_nodes *nd = cell[c];
        pl->cell_first[c] = pl->nref;
        for (int i = 0; i < nd->n; i++) {
            const pb_wp_node *n = &nd->node[i];
            int ids[PB_NODE_ALTS];
            for (int k = 0; k < n->nalt; k++)
                if ((ids[k] = alt_id(pl, &ha, nd->out + n->first[k], n->first[k + 1] - n->first[k], &cap_out)) < 0)
                    goto done;
            /* the point: its chooser, policy and alternatives */
            unsigned long long key = mix(mix(0x51ed270b27fe3c4dULL, n->chooser), (unsigned long long)n->policy << 8 | n->nalt);
            for (int k = 0; k < n->nalt; k++)
                key = mix(key, (unsigned long long)ids[k]);
            key = key ? key : 1;
            size_t at = key & (hn.cap - 1);
            int id = -1;
            for (; hn.key[at]; at = (at + 1) & (hn.cap - 1))
                if (hn.key[at] == key) {
                    int z = hn.id[at];
                    if (pl->node_ch[z] == n->chooser && pl->node_pol[z] == n->policy && pl->node_n[z] == n->nalt &&
                        !memcmp(pl->node_alt + (size_t)z * PB_NODE_ALTS, ids, (size_t)n->nalt * sizeof *ids)) {
                        id = z;
                        break;
                    }
                }
            if (id < 0) {
                id = pl->nnode++;
                pl->node_ch[id] = n->chooser;
                pl->node_pol[id] = n->policy;
                pl->node_n[id] = n->nalt;
                memcpy(pl->node_alt + (size_t)id * PB_NODE_ALTS, ids, (size_t)n->nalt * sizeof *ids);
                hn.key[at] = key;
                hn.id[at] = id;
            }
            pl->ref_node[pl->nref] = id;
            pl->ref_w[pl->nref] = n->w;
            pl->nref++;
        }
    }
    pl->cell_first[15] = pl->nref;
    /* each point's probability in each cell, summed (0: none), kept by its non-zeros (about half
     * the cells: the kernel adds only those; a 0 adds nothing) */
    double (*W)[16] = calloc((size_t)pl->nnode + 1, sizeof *W);
    pl->wnz_first = malloc(((size_t)pl->nnode + 1) * sizeof *pl->wnz_first);
    pl->wnz_cell = malloc((size_t)pl->nnode * 15 + 1);
    pl->wnz_w = malloc(((size_t)pl->nnode * 15 + 1) * sizeof *pl->wnz_w);
    if (!W || !pl->wnz_first || !pl->wnz_cell || !pl->wnz_w) {
        free(W);
        goto done;
    }
    for (int c = 0; c < 15; c++)
        for (int r = pl->cell_first[c]; r < pl->cell_first[c + 1]; r++)
            W[pl->ref_node[r]][c] += pl->ref_w[r];
    int nz = 0;
    for (int i = 0; i < pl->nnode; i++) {
        pl->wnz_first[i] = nz;
        for (int c = 0; c < 15; c++)
            if (W[i][c] != 0) {
                pl->wnz_cell[nz] = (unsigned char)c;
                pl->wnz_w[nz++] = W[i][c];
            }
    }
    pl->wnz_first[pl->nnode] = nz;
    free(W);
    st = nplan_long(pl, t);
    if (st == 0)
        st = nplan_fixed_first(pl);
done:
    htab_free(&ha);
    htab_free(&hn);
    if (st != 0)
        pb_wp_nplan_release(pl);
    return st;
}

/* An alternative's outcomes of group g as a cell (pb_drive_cell's layout; outcomes alike added). */
static int cell_of_outs(pb_drive_cell *c, const pb_wp_out *o, int n, int g, int t)
{
    memset(c, 0, sizeof *c);
    double keep[2 * PB_DRIVE_TOGO + 1] = {0}, to[101] = {0}, pen[2][2 * PB_DRIVE_TOGO + 1] = {{0}};
    int lo = 1 << 20, hi = -(1 << 20), nto = 0, npen = 0;
    for (int q = 0; q < n; q++) {
        const pb_wp_out *x = &o[q];
        if (x->group != g)
            continue;
        switch (x->kind) {
        case PB_WP_O_GAIN:
            keep[x->m + PB_DRIVE_TOGO] += x->p;
            lo = x->m < lo ? x->m : lo;
            hi = x->m > hi ? x->m : hi;
            break;
        case PB_WP_O_PEN:
        case PB_WP_O_PEN_DEF:
            pen[x->kind == PB_WP_O_PEN_DEF][x->m + PB_DRIVE_TOGO] += x->p;
            break;
        case PB_WP_O_TD:
            c->p_td += x->p;
            break;
        case PB_WP_O_SF:
            c->p_safety += x->p;
            break;
        case PB_WP_O_TTD:
            c->p_ttd += x->p;
            break;
        default:
            to[x->m] += x->p;
            break;
        }
    }
    for (int i = 0; i <= 100; i++)
        nto += to[i] != 0;
    for (int i = 0; i < 2 * PB_DRIVE_TOGO + 1; i++)
        npen += (pen[0][i] != 0) + (pen[1][i] != 0);
    int ng = hi >= lo ? hi - lo + 1 : 0;
    char *b = calloc(1, pb_drive_cell_block_bytes(ng, nto, npen));
    if (!b)
        return -1;
    pb_drive_cell_layout(c, b, ng, nto, npen);
    c->gmin = ng ? lo : 0;
    for (int k = 0; k < ng; k++)
        c->pg[k] = keep[lo + k + PB_DRIVE_TOGO];
    for (int i = 0; i <= 100; i++)
        if (to[i] != 0) {
            c->to_t[c->nto] = i;
            c->to_p[c->nto++] = to[i];
        }
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2 * PB_DRIVE_TOGO + 1; i++)
            if (pen[side][i] != 0) {
                c->pen_m[c->npen] = i - PB_DRIVE_TOGO;
                c->pen_def[c->npen] = (unsigned char)side;
                c->pen_p[c->npen++] = pen[side][i];
            }
    c->nterms = 3 + c->nto + c->ng + c->npen + 4;
    (void)t;
    return 0;
}

static int nplan_long(pb_wp_nplan *pl, int t)
{
    pl->alt_long = calloc((size_t)pl->nalt + 1, 1);
    if (!pl->alt_long)
        return -1;
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        pl->lcell[g] = calloc((size_t)pl->nalt + 1, sizeof *pl->lcell[g]);
        pl->lalt[g] = calloc((size_t)pl->nalt + 1, sizeof *pl->lalt[g]);
        if (!pl->lcell[g] || !pl->lalt[g])
            return -1;
    }
    for (int a = 0; a < pl->nalt; a++) {
        const pb_wp_out *o = pl->out + pl->alt_first[a];
        int n = pl->alt_first[a + 1] - pl->alt_first[a];
        if (n < PB_WP_LONG_ALT)
            continue;
        pl->alt_long[a] = 1;
        int has[PB_WP_GROUPS] = {0};
        for (int q = 0; q < n; q++)
            has[o[q].group] = 1;
        for (int g = 0; g < PB_WP_GROUPS; g++)
            if (has[g]) {
                if (cell_of_outs(&pl->lcell[g][pl->nlong[g]], o, n, g, t) != 0)
                    return -1;
                pl->lalt[g][pl->nlong[g]++] = a;
            }
    }
    return 0;
}

void pb_wp_nplan_release(pb_wp_nplan *pl)
{
    for (int g = 0; g < PB_WP_GROUPS; g++) {
        for (int i = 0; i < pl->nlong[g]; i++)
            pb_drive_cell_release(&pl->lcell[g][i]);
        free(pl->lcell[g]);
        free(pl->lalt[g]);
    }
    free(pl->alt_long);
    free(pl->alt_var);
    free(pl->alt_first);
    free(pl->out);
    free(pl->node_alt);
    free(pl->node_n);
    free(pl->node_ch);
    free(pl->node_pol);
    free(pl->ref_node);
    free(pl->ref_w);
    free(pl->wnz_first);
    free(pl->wnz_cell);
    free(pl->wnz_w);
    memset(pl, 0, sizeof *pl);
}

static inline int on_field(int t) { return t < 1 ? 1 : t > PB_DRIVE_TOGO ? PB_DRIVE_TOGO : t; }

static double out_radius(const pb_wp_out *o, int t, int last, const pb_wp_node_radii *x)
{
    switch (o->kind) {
    case PB_WP_O_GAIN: {
        int to = on_field(t - o->m);
        return last ? dmax(x->rown[to], x->ropp[100 - to]) : x->rown[to];
    }
    case PB_WP_O_PEN:
    case PB_WP_O_PEN_DEF:
        return x->rown[on_field(t - o->m)];
    case PB_WP_O_TD:
        return x->r[0];
    case PB_WP_O_SF:
        return x->r[1];
    case PB_WP_O_TTD:
        return x->r[2];
    default:
        return x->ropp[on_field(o->m)];
    }
}

int pb_wp_test_nodes_by_policy;
int pb_wp_test_nodes_cellwise;

double pb_wp_nodes_radius(const pb_wp_nodes *nd, int t, int last, const pb_wp_node_radii x[3])
{
    double s = 0;
    for (int i = 0; i < nd->n; i++) {
        const pb_wp_node *n = &nd->node[i];
        double widest = 0;
        for (int k = 0; k < n->nalt; k++) {
            double r = 0;
            for (int q = n->first[k]; q < n->first[k + 1]; q++)
                r += nd->out[q].p * out_radius(&nd->out[q], t, last, &x[nd->out[q].group]);
            widest = dmax(widest, r);
        }
        s += n->w * widest;
    }
    return s;
}

int pb_wp_nodes_terms(const pb_wp_nodes *nd)
{
    return nd->nout + 2 * nd->n;
}
