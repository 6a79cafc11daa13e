/* verify/solve_diff.c: two rulesets' drive games compared (`paperbowl diff A B --solve`, see
 * verify.h): the try and the kicks, the EP of every state (the 1st-and-10 curve in full), and the
 * fourth-down chart, each difference counted only when the certified bounds separate it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "verify.h"

/* How far a value derived from the final EPs (a kick, go / field goal / punt) can be from its
 * exact value (verify.h: 1-Lipschitz in the EPs and the try). */
static double derived_bound(const pb_drive *d)
{
    pb_drive_stats st;
    pb_drive_stats_get(d, &st);
    pb_drive_try tr;
    pb_drive_try_get(d, &tr);
    return st.max_bound + (tr.hi - tr.lo) + st.epsilon;
}

static void get_stats(const pb_drive *d, pb_verify_solve_stats *out)
{
    pb_drive_stats st;
    pb_drive_stats_get(d, &st);
    *out = (pb_verify_solve_stats){st.states, st.sweeps, st.max_bound, st.max_exploit, st.epsilon, st.build_seconds,
                                   st.solve_seconds};
}

static void pair(pb_verify_value_pair *v, const char *name, double a, double b, double bound_a, double bound_b)
{
    v->name = name;
    v->a = a;
    v->b = b;
    v->bound_a = bound_a;
    v->bound_b = bound_b;
    v->changed = fabs(b - a) > bound_a + bound_b;
}

static int ep_pair(const pb_drive *da, const pb_drive *db, int togo, int down, int ytg, pb_verify_ep_pair *out)
{
    pb_drive_state sa, sb;
    if (pb_drive_get(da, togo, down, ytg, &sa) != 0 || pb_drive_get(db, togo, down, ytg, &sb) != 0)
        return -1;
    out->togo = togo;
    out->down = down;
    out->ytg = ytg;
    out->a = sa.ep;
    out->b = sb.ep;
    out->bound_a = sa.bound;
    out->bound_b = sb.bound;
    out->changed = fabs(sb.ep - sa.ep) > sa.bound + sb.bound;
    return 0;
}

/* The margin's bound: the errors of the best and the next best value. */
static void margin_bound(const pb_drive_choice *ch, double e, double *margin_bound)
{
    double err[3] = {e + ch->go_exploit, e, e};
    double v[3] = {ch->go, ch->fg, ch->punt};
    int next = -1;
    for (int k = 0; k < 3; k++)
        if (k != (int)ch->best && (next < 0 || v[k] > v[next]))
            next = k;
    *margin_bound = err[ch->best] + err[next];
}

static int fourth_cmp(const void *pa, const void *pb)
{
    const pb_verify_fourth_pair *a = pa, *b = pb;
    if (a->too_close != b->too_close)
        return a->too_close ? 1 : -1;
    if (a->togo != b->togo)
        return a->togo > b->togo ? -1 : 1;
    return (a->ytg > b->ytg) - (a->ytg < b->ytg);
}

static int compare(const pb_drive *da, const pb_drive *db, pb_verify_solve_diff_result *res, char *err, size_t errlen)
{
    const pb_ruleset *ra = pb_drive_rules(da), *rb = pb_drive_rules(db);
    get_stats(da, &res->stats_a);
    get_stats(db, &res->stats_b);
    res->downs_a = ra->downs;
    res->downs_b = rb->downs;
    double ea = derived_bound(da), eb = derived_bound(db);

    /* the try and the kicks */
    pb_drive_try ta, tb;
    pb_drive_try_get(da, &ta);
    pb_drive_try_get(db, &tb);
    res->try_two_a = ta.two_better;
    res->try_two_b = tb.two_better;
    pair(&res->values[PB_VSD_TRY], "try", ta.value, tb.value, fmax(ta.hi - ta.value, ta.value - ta.lo),
         fmax(tb.hi - tb.value, tb.value - tb.lo));
    pb_drive_kickoff ka[2], kb[2];
    for (int f = 0; f < 2; f++)
        if (pb_drive_kickoff_get(da, f, &ka[f]) != 0 || pb_drive_kickoff_get(db, f, &kb[f]) != 0) {
            snprintf(err, errlen, "the %s could not be evaluated", f ? "free kick" : "kickoff");
            return -1;
        }
    res->onside_a = ka[0].onside_better;
    res->onside_b = kb[0].onside_better;
    pair(&res->values[PB_VSD_KICKOFF], "kickoff", ka[0].regular, kb[0].regular, ea, eb);
    pair(&res->values[PB_VSD_ONSIDE], "onside kick", ka[0].onside, kb[0].onside, ea, eb);
    pair(&res->values[PB_VSD_FREE_KICK], "free kick", ka[1].regular, kb[1].regular, ea, eb);
    pair(&res->values[PB_VSD_ONSIDE_FREE], "onside free kick", ka[1].onside, kb[1].onside, ea, eb);
    for (int k = 0; k < PB_VSD_VALUES; k++)
        res->changed |= res->values[k].changed;

    /* every state; the 1st-and-10 curve */
    int downs = ra->downs < rb->downs ? ra->downs : rb->downs;
    double largest = -1, curve_largest = -1;
    for (int t = 1; t <= 99; t++)
        for (int dn = 1; dn <= downs; dn++)
            for (int y = 1; y <= t; y++) {
                pb_verify_ep_pair p;
                if (ep_pair(da, db, t, dn, y, &p) != 0) {
                    snprintf(err, errlen, "togo %d, down %d, ytg %d is missing from a solution", t, dn, y);
                    return -1;
                }
                res->states++;
                if (!p.changed)
                    continue;
                res->states_changed++;
                if (fabs(p.b - p.a) > largest) {
                    largest = fabs(p.b - p.a);
                    res->largest = p;
                }
            }
    for (int t = 1; t <= 99; t++) {
        int ya = t < ra->first_down_yards ? t : ra->first_down_yards;
        int yb = t < rb->first_down_yards ? t : rb->first_down_yards;
        pb_verify_ep_pair *p = &res->curve[t - 1];
        if (ya != yb) {  /* first-down distances differ: each ruleset's own 1st and 10 */
            pb_verify_ep_pair pa, pb;
            if (ep_pair(da, da, t, 1, ya, &pa) != 0 || ep_pair(db, db, t, 1, yb, &pb) != 0) {
                snprintf(err, errlen, "togo %d: 1st down is missing from a solution", t);
                return -1;
            }
            *p = pa;
            p->b = pb.b;
            p->bound_b = pb.bound_b;
            p->changed = fabs(p->b - p->a) > p->bound_a + p->bound_b;
        } else if (ep_pair(da, db, t, 1, ya, p) != 0) {
            snprintf(err, errlen, "togo %d: 1st down is missing from a solution", t);
            return -1;
        }
        if (!p->changed)
            continue;
        res->curve_changed++;
        if (fabs(p->b - p->a) > curve_largest) {
            curve_largest = fabs(p->b - p->a);
            res->curve_largest = *p;
        }
    }
    res->changed |= res->states_changed > 0 || res->curve_changed > 0;

    /* the fourth-down chart */
    res->fourth = malloc(99 * PB_VSD_YTG_MAX * sizeof *res->fourth);
    if (!res->fourth) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t n = 0;
    for (int t = 1; t <= 99; t++)
        for (int y = 1; y <= PB_VSD_YTG_MAX && y <= t; y++) {
            pb_drive_choice ca, cb;
            if (pb_drive_choices(da, t, ra->downs, y, &ca) != 0 || pb_drive_choices(db, t, rb->downs, y, &cb) != 0) {
                snprintf(err, errlen, "4th down at togo %d, ytg %d could not be evaluated", t, y);
                return -1;
            }
            res->fourth_cells++;
            if (ca.best == cb.best)
                continue;
            pb_verify_fourth_pair *f = &res->fourth[n++];
            f->togo = t;
            f->ytg = y;
            f->best_a = (int)ca.best;
            f->best_b = (int)cb.best;
            f->margin_a = ca.margin;
            f->margin_b = cb.margin;
            margin_bound(&ca, ea, &f->margin_bound_a);
            margin_bound(&cb, eb, &f->margin_bound_b);
            f->go_a = ca.go;
            f->fg_a = ca.fg;
            f->punt_a = ca.punt;
            f->go_b = cb.go;
            f->fg_b = cb.fg;
            f->punt_b = cb.punt;
            f->too_close = !(ca.margin > f->margin_bound_a && cb.margin > f->margin_bound_b);
            if (f->too_close)
                res->nfourth_close++;
            else
                res->nfourth_changed++;
        }
    qsort(res->fourth, n, sizeof *res->fourth, fourth_cmp);
    res->changed |= res->nfourth_changed > 0;
    if (pb_verify_rule_lines(ra, rb, &res->rule_lines, &res->nrule_lines) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int pb_verify_solve_diff_drives(const pb_drive *da, const pb_drive *db, pb_verify_solve_diff_result *res, char *err,
                                size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (compare(da, db, res, err, errlen) == 0)
        return 0;
    pb_verify_solve_diff_release(res);
    return -1;
}

int pb_verify_solve_diff(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, int threads,
                         double tolerance, pb_verify_solve_diff_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    pb_drive *d[2] = {NULL, NULL};
    const pb_ruleset *rs[2] = {a, b};
    char e[PB_ERR_MAX];
    for (int k = 0; k < 2; k++) {
        pb_drive_opts o = {rs[k], *pol, threads, tolerance};
        if (pb_drive_solve(&d[k], &o, e, sizeof e) != 0) {
            snprintf(err, errlen, "solving %s (%s): %s", k ? "B" : "A", rs[k]->name, e);
            pb_drive_free(d[0]);
            return -1;
        }
    }
    int rc = pb_verify_solve_diff_drives(d[0], d[1], res, err, errlen);
    pb_drive_free(d[0]);
    pb_drive_free(d[1]);
    return rc;
}

void pb_verify_solve_diff_release(pb_verify_solve_diff_result *res)
{
    free(res->fourth);
    pb_verify_rule_lines_free(res->rule_lines, res->nrule_lines);
    memset(res, 0, sizeof *res);
}
