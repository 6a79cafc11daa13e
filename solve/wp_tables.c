/* solve/wp_tables.c: the game solver's play cells, from the exact enumerator.
 *
 * The drive solver's cell (drive_internal.h) merges every outcome of a snap; the game solver must
 * also know which outcomes spend a timeout (a card timeout on 21-24, a lost challenge on 01, 03,
 * 05, 06), since timeouts are part of its state, and the outcomes themselves depend on whether
 * each side has a timeout and, for card 07, whether the offense leads. So each play card is
 * enumerated alone (pb_enumerate at 1st and min(first_down_yards, togo), depth 0) at every
 * variant it depends on (read from the card: requires_lead, its timeout side, its challenge
 * side), its entries are split into three groups (no timeout spent, the offense's, the
 * defense's), and for each variant and group the 24 cards are mixed exactly (each 1/24) and
 * rounded once into a pb_drive_cell. The special-teams tables are the drive solver's.
 *
 * In play by value (pb_policies.in_play_by_value), each card is compiled instead
 * (pb_enumerate_compiled): its plain outcomes are mixed into the cells the same way, its
 * decision points are kept apart (w->node, solve/wp_nodes.c), and its play with every point's
 * policy alternative (pb_play_compiled_policy) is mixed into the policies' cells (w->pcell),
 * which the entries are summed from.
 *
 * Threads: (togo, offense, defense) items from an atomic counter, each writing its own cells;
 * the first error by item order is reported. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wp_internal.h"
#include "workers.h"

enum { DEP_LEAD = 4, DEP_OFF = 2, DEP_DEF = 1 };

unsigned pb_wp_card_deps(const pb_play_card *c)
{
    unsigned m = 0;
    if (c->effect == PB_EFFECT_FOUL && c->requires_lead)
        m |= DEP_LEAD;
    if (c->timeout == PB_SIDE_OFFENSE || c->challenge == PB_SIDE_OFFENSE)
        m |= DEP_OFF;
    if (c->timeout == PB_SIDE_DEFENSE || c->challenge == PB_SIDE_DEFENSE)
        m |= DEP_DEF;
    return m;
}

void pb_wp_play_query(const pb_wp *w, int t, unsigned v, int o, int j, int k, pb_enum_query *q)
{
    memset(q, 0, sizeof *q);
    q->action = PB_ACTION_PLAY;
    q->sit.togo = t;
    q->sit.down = 1;
    q->sit.ytg = w->fdy < t ? w->fdy : t;
    q->sit.lead = (v & DEP_LEAD) ? 1 : 0;
    q->sit.timeouts_off = (v & DEP_OFF) ? 1 : 0;
    q->sit.timeouts_def = (v & DEP_DEF) ? 1 : 0;
    q->offense = (pb_offense)o;
    q->defense = j;
    q->card = k;
    q->depth = 0;
}

typedef struct {
    pb_wp *w;
    atomic_int next;
    char (*errs)[PB_ERR_MAX];
} pool;

/* A read-only view of the entries of `d` in group g (the numerators are shared, not copied). */
static int view_group(pb_dist *v, const pb_dist *d, const pb_play_card *c, int g)
{
    *v = *d;
    v->entries = malloc((d->count ? d->count : 1) * sizeof *v->entries);
    if (!v->entries)
        return -1;
    v->count = 0;
    for (size_t i = 0; i < d->count; i++)
        if (pb_wp_group_of(&d->entries[i], c) == g)
            v->entries[v->count++] = d->entries[i];
    v->cap = v->count;
    return 0;
}

/* The 24 cards of each variant and group mixed exactly (1/24 each) and rounded once into out[v][g];
 * card[c][v & deps[c]] is card c at variant v. */
static int mix_cells(const pb_ruleset *rs, pb_dist (*card)[8], const unsigned *deps, int t,
                     pb_drive_cell (*out)[PB_WP_GROUPS], char *err, size_t errlen)
{
    int st = 0;
    for (int v = 0; v < PB_WP_VARIANTS && st == 0; v++)
        for (int g = 0; g < PB_WP_GROUPS && st == 0; g++) {
            pb_dist views[PB_CARD_COUNT];
            const pb_dist *in[PB_CARD_COUNT];
            unsigned long wnum[PB_CARD_COUNT];
            unsigned wexp[PB_CARD_COUNT];
            int nv = 0;
            for (int c = 0; c < PB_CARD_COUNT && st == 0; c++) {
                unsigned cv = (unsigned)v & deps[c];
                if (view_group(&views[c], &card[c][cv], &rs->card[c], g) != 0) {
                    snprintf(err, errlen, "out of memory");
                    st = -1;
                    break;
                }
                nv = c + 1;
                in[c] = &views[c];
                wnum[c] = 9;   /* 1/24 = 9 / 6^3 */
                wexp[c] = 3;
            }
            if (st == 0) {
                pb_dist mixed;
                if (pb_dist_mix(&mixed, in, wnum, wexp, PB_CARD_COUNT) != 0) {
                    snprintf(err, errlen, "out of memory");
                    st = -1;
                } else
                    st = pb_drive_cell_from_dist(&out[v][g], &mixed, t, err, errlen);
                pb_dist_release(&mixed);
            }
            for (int c = 0; c < nv; c++)
                free(views[c].entries);
        }
    return st;
}

static int one_item(pb_wp *w, int item, char *err, size_t errlen)
{
    int t = item / 15 + 1, o = item % 15 / 5, j = item % 5 + 1;
    const pb_ruleset *rs = w->rs;
    pb_play_env env = {rs, w->pol, NULL, NULL};
    pb_dist card[PB_CARD_COUNT][8];
    pb_dist pcard[PB_CARD_COUNT][8];           /* in play by value: each point's `policy` taken, for w->pcell */
    pb_play_compiled comp[PB_CARD_COUNT][8];   /* in play by value: card[c][v] is comp's plain part */
    int by_value = w->pol.in_play_by_value;
    unsigned deps[PB_CARD_COUNT];
    int st = 0, made[PB_CARD_COUNT] = {0}, pmade[PB_CARD_COUNT] = {0};
    for (int c = 0; c < PB_CARD_COUNT && st == 0; c++) {
        deps[c] = pb_wp_card_deps(&rs->card[c]);
        for (unsigned v = 0; v < 8 && st == 0; v++) {
            if (v & ~deps[c])
                continue;
            pb_enum_query q;
            pb_wp_play_query(w, t, v, o, j, c + 1, &q);
            if (by_value) {
                st = pb_enumerate_compiled(&comp[c][v], &env, &q, err, errlen);
                if (st == 0) {
                    card[c][v] = comp[c][v].plain;   /* a view: released with comp */
                    made[c] |= 1 << v;
                }
                if (st == 0) {
                    int pst = pb_play_compiled_policy(&comp[c][v], &pcard[c][v]);
                    if (pst != 0) {
                        pb_dist_release(&pcard[c][v]);
                        snprintf(err, errlen, pst == -1 ? "out of memory" : "internal error: a decision's weight is not n / 6^k");
                        st = -1;
                    } else
                        pmade[c] |= 1 << v;
                }
            } else if ((st = pb_enumerate(&card[c][v], &env, &q, err, errlen)) == 0)
                made[c] |= 1 << v;
        }
    }
    if (st == 0)
        st = mix_cells(rs, card, deps, t, w->cell[t][o][j - 1], err, errlen);
    if (st == 0 && by_value)
        st = mix_cells(rs, pcard, deps, t, w->pcell[t][o][j - 1], err, errlen);
    for (int v = 0; v < PB_WP_VARIANTS && st == 0 && by_value; v++) {
        pb_wp_nodes *nd = &w->node[t][o][j - 1][v];
        for (int c = 0; c < PB_CARD_COUNT && st == 0; c++) {
            const pb_play_compiled *cc = &comp[c][(unsigned)v & deps[c]];
            for (size_t k = 0; k < cc->nnode && st == 0; k++)
                st = pb_wp_nodes_add(nd, &cc->node[k], c + 1, t, &rs->card[c], err, errlen);
        }
    }
    for (int c = 0; c < PB_CARD_COUNT; c++)
        for (int v = 0; v < 8; v++) {
            if (made[c] & (1 << v)) {
                if (by_value)
                    pb_play_compiled_release(&comp[c][v]);
                else
                    pb_dist_release(&card[c][v]);
            }
            if (pmade[c] & (1 << v))
                pb_dist_release(&pcard[c][v]);
        }
    return st;
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        int i = atomic_fetch_add(&p->next, 1);
        if (i >= PB_DRIVE_TOGO * 15)
            return NULL;
        if (p->w->tables_togo == 0 || p->w->tables_togo == i / 15 + 1)
            one_item(p->w, i, p->errs[i], PB_ERR_MAX);
    }
}

/* The decision points shared by the 15 cells of togo t, for each variant (in play by value). */
static int plan_togo(pb_wp *w, int t)
{
    int st = 0;
    for (int v = 0; v < PB_WP_VARIANTS && st == 0; v++) {
        const pb_wp_nodes *cells[15];
        for (int c = 0; c < 15; c++)
            cells[c] = &w->node[t][c / 5][c % 5][v];
        pb_wp_nplan *pl = &w->nplan[t][v];
        st = pb_wp_nplan_build(pl, cells, t);
        if (st == 0) {
            w->nplan_alt = w->nplan_alt > pl->nalt ? w->nplan_alt : pl->nalt;
            w->nplan_node = w->nplan_node > pl->nnode ? w->nplan_node : pl->nnode;
            for (int g = 0; g < PB_WP_GROUPS; g++)
                w->nplan_long = w->nplan_long > pl->nlong[g] ? w->nplan_long : pl->nlong[g];
        }
    }
    return st;
}

int pb_wp_tables_togo(pb_wp *w, int t, char *err, size_t errlen)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    if (w->tables_togo == 0 || t < 1 || t > PB_DRIVE_TOGO || atomic_load(&w->togo_built[t]))
        return 0;
    pthread_mutex_lock(&lock);
    int st = 0;
    if (!atomic_load(&w->togo_built[t])) {
        for (int k = 0; k < 15 && st == 0; k++) {
            char e[PB_ERR_MAX] = "";
            one_item(w, (t - 1) * 15 + k, e, sizeof e);
            if (e[0]) {
                char item[64];
                snprintf(item, sizeof item, "the play at togo %d", t);
                pb_drive_item_error(err, errlen, item, e);
                st = -1;
            }
        }
        if (st == 0 && w->nplan && plan_togo(w, t) != 0) {
            snprintf(err, errlen, "out of memory");
            st = -1;
        }
        if (st == 0)
            atomic_store(&w->togo_built[t], 1);
    }
    pthread_mutex_unlock(&lock);
    return st;
}

int pb_wp_tables_build(pb_wp *w, char *err, size_t errlen)
{
    w->d = calloc(1, sizeof *w->d);
    w->cell = calloc(PB_DRIVE_TOGO + 1, sizeof *w->cell);
    if (w->pol.in_play_by_value && (!(w->node = calloc(PB_DRIVE_TOGO + 1, sizeof *w->node)) ||
                                    !(w->pcell = calloc(PB_DRIVE_TOGO + 1, sizeof *w->pcell)))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int n = PB_DRIVE_TOGO * 15;
    pool p = {w, 0, calloc((size_t)n, PB_ERR_MAX)};
    if (!w->d || !w->cell || !p.errs) {
        free(p.errs);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_drive *d = w->d;
    d->rs = w->rs;
    d->pol = w->pol;
    d->threads = w->threads;
    d->downs = w->downs;
    d->fdy = w->fdy;
    d->plays_togo = w->tables_togo ? -1 : 0;   /* the game solver reads no drive play cell */
    if (pb_drive_tables_build(d, err, errlen) != 0) {
        free(p.errs);
        return -1;
    }
    pb_workers_run(w->threads, worker, &p);
    int st = 0;
    for (int i = 0; i < n && st == 0; i++)
        if (p.errs[i][0]) {
            char item[96];
            snprintf(item, sizeof item, "the play at togo %d (%s against defense %d)", i / 15 + 1,
                     pb_offense_name((pb_offense)(i % 15 / 5)), i % 5 + 1);
            pb_drive_item_error(err, errlen, item, p.errs[i]);
            st = -1;
        }
    free(p.errs);
    if (st == 0 && w->node) {   /* the decision points shared by the 15 cells of each togo and variant */
        w->nplan = calloc(PB_DRIVE_TOGO + 1, sizeof *w->nplan);
        if (!w->nplan)
            st = -1;
        for (int t = 1; t <= PB_DRIVE_TOGO && st == 0; t++)
            if (w->tables_togo == 0 || w->tables_togo == t)
                st = plan_togo(w, t);
        if (st != 0)
            snprintf(err, errlen, "out of memory");
    }
    if (st == 0 && w->tables_togo > 0)
        atomic_store(&w->togo_built[w->tables_togo], 1);
    return st;
}

/* Reachability: every possession starts at a 1st down (pb_wp_first); from a state, a kept gain g
 * below the line leads to the next down at ytg - g, a gain reaching it to a 1st down, an accepted
 * penalty m replays the down at max(1, ytg - m) (a defensive one reaching the line: a 1st down under
 * PEN-1ST). Any cell of any variant and group counts: the set is a superset of what play reaches. */
int pb_wp_reach_build(pb_wp *w)
{
    int pen1st = w->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN;
    w->reach = calloc((size_t)w->F, 1);
    int *stack = malloc((size_t)w->F * 3 * sizeof(int));
    if (!w->reach || !stack) {
        free(stack);
        return -1;
    }
    int top = 0;
#define PUSH(t_, d_, y_)                                      \
    do {                                                      \
        int i_ = pb_wp_index((t_), (d_), (y_));              \
        if (!w->reach[i_]) {                                  \
            w->reach[i_] = 1;                                 \
            stack[top++] = (t_);                              \
            stack[top++] = (d_);                              \
            stack[top++] = (y_);                              \
        }                                                     \
    } while (0)
    /* per togo, the union of every cell's supports: kept gains, and penalties (with the side) */
    enum { GSPAN = 2 * PB_DRIVE_TOGO + 1 };
    unsigned char(*gain)[GSPAN] = calloc(PB_DRIVE_TOGO + 1, sizeof *gain);
    unsigned char(*pen)[2][GSPAN] = calloc(PB_DRIVE_TOGO + 1, sizeof *pen);
    if (!gain || !pen) {
        free(gain);
        free(pen);
        free(stack);
        return -1;
    }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                for (int v = 0; v < PB_WP_VARIANTS; v++)
                    for (int g = 0; g < PB_WP_GROUPS; g++) {
                        const pb_drive_cell *c = &w->cell[t][o][j][v][g];
                        for (int k = 0; k < c->ng; k++)
                            if (c->pg[k] != 0)
                                gain[t][c->gmin + k + PB_DRIVE_TOGO] = 1;
                        for (int k = 0; k < c->npen; k++)
                            pen[t][c->pen_def[k] != 0][c->pen_m[k] + PB_DRIVE_TOGO] = 1;
                        if (w->node && g == 0) {   /* the decision points' outcomes */
                            const pb_wp_nodes *nd = &w->node[t][o][j][v];
                            for (int k = 0; k < nd->nout; k++) {
                                const pb_wp_out *x = &nd->out[k];
                                if (x->kind == PB_WP_O_GAIN)
                                    gain[t][x->m + PB_DRIVE_TOGO] = 1;
                                else if (x->kind == PB_WP_O_PEN || x->kind == PB_WP_O_PEN_DEF)
                                    pen[t][x->kind == PB_WP_O_PEN_DEF][x->m + PB_DRIVE_TOGO] = 1;
                            }
                        }
                    }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        PUSH(t, 1, w->fdy < t ? w->fdy : t);
    while (top > 0) {
        int y = stack[--top], dn = stack[--top], t = stack[--top];
        for (int k = 0; k < GSPAN; k++) {
            int m = k - PB_DRIVE_TOGO, t2 = t - m;
            if (t2 < 1 || t2 > PB_DRIVE_TOGO)
                continue;
            if (gain[t][k]) {
                if (m >= y)
                    PUSH(t2, 1, w->fdy < t2 ? w->fdy : t2);
                else if (dn < w->downs)
                    PUSH(t2, dn + 1, y - m);
            }
            for (int side = 0; side < 2; side++)
                if (pen[t][side][k]) {
                    if (side && m >= y && pen1st)
                        PUSH(t2, 1, w->fdy < t2 ? w->fdy : t2);
                    else
                        PUSH(t2, dn, y - m < 1 ? 1 : y - m);
                }
        }
    }
    free(gain);
    free(pen);
#undef PUSH
    free(stack);
    return 0;
}

/* Every togo's cells of one kind (w->cell, w->pcell), and the array; NULL afterwards. */
static void cells_release(pb_drive_cell (**cells)[3][5][PB_WP_VARIANTS][PB_WP_GROUPS])
{
    if (*cells)
        for (int t = 0; t <= PB_DRIVE_TOGO; t++)
            for (int o = 0; o < 3; o++)
                for (int j = 0; j < 5; j++)
                    for (int v = 0; v < PB_WP_VARIANTS; v++)
                        for (int g = 0; g < PB_WP_GROUPS; g++)
                            pb_drive_cell_release(&(*cells)[t][o][j][v][g]);
    free(*cells);
    *cells = NULL;
}

void pb_wp_tables_release(pb_wp *w)
{
    free(w->reach);
    w->reach = NULL;
    cells_release(&w->cell);
    cells_release(&w->pcell);
    if (w->node)
        for (int t = 0; t <= PB_DRIVE_TOGO; t++)
            for (int o = 0; o < 3; o++)
                for (int j = 0; j < 5; j++)
                    for (int v = 0; v < PB_WP_VARIANTS; v++)
                        pb_wp_nodes_release(&w->node[t][o][j][v]);
    free(w->node);
    w->node = NULL;
    if (w->nplan)
        for (int t = 0; t <= PB_DRIVE_TOGO; t++)
            for (int v = 0; v < PB_WP_VARIANTS; v++)
                pb_wp_nplan_release(&w->nplan[t][v]);
    free(w->nplan);
    w->nplan = NULL;
    if (w->d) {
        pb_drive_tables_release(w->d);
        free(w->d);
        w->d = NULL;
    }
}
