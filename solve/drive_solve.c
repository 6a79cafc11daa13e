/* solve/drive_solve.c: the drive solver's fixed point (drive.h): the try, the interval iteration
 * with certified bounds, the final mixes, and the accessors of a solved pb_drive.
 *
 * Values are arrays by pb_drive_index; lo and hi are certified bounds at every moment (see
 * drive.h for the argument and the rounding allowance eps). A state's entries are computed
 * by pb_drive_play_entries in one fixed order, the same for the bounds and the final matrix. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drive_internal.h"
#include "matgame.h"

#define MAX_SWEEPS 10000
#define DEFAULT_TOL 2e-9

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double gamma_n(int n) { return n * PB_DRIVE_U / (1 - n * PB_DRIVE_U); }

static int compact_index(int togo, int down, int ytg)
{
    return (down - 1) * (PB_DRIVE_TOGO * (PB_DRIVE_TOGO + 1) / 2) + togo * (togo - 1) / 2 + (ytg - 1);
}

const char *pb_drive_call_name(pb_drive_call c)
{
    static const char *const names[] = {"run", "short", "long", "field_goal", "punt"};
    return (unsigned)c < PB_DRIVE_CALLS ? names[c] : "?";
}

/* ---- the try ---- */

static int solve_try(pb_drive *d, char *err, size_t errlen)
{
    pb_drive_try *t = &d->try_;
    pb_mg_game g = {3, 5, {{0}}};
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            g.a[o][j] = t->two_matrix[o][j] = 2.0 * d->two[o][j];
    pb_mg_solution s;
    if (pb_mg_solve(&g, &s) != 0) {
        snprintf(err, errlen, "internal error: the two-point game could not be solved");
        return -1;
    }
    t->pat = d->pat;
    t->two_point = s.value;
    memcpy(t->two_off_mix, s.row, sizeof t->two_off_mix);
    memcpy(t->two_def_mix, s.col, sizeof t->two_def_mix);
    t->two_exploit = s.exploit;
    t->two_better = s.value > d->pat;
    t->value = t->two_better ? s.value : d->pat;
    /* certified: the security levels of the two mixes, each entry off by <= 2 x 6u relative */
    double xs = s.row[0] + s.row[1] + s.row[2], lo2 = INFINITY, hi2 = -INFINITY;
    for (int j = 0; j < 5; j++) {
        double c = (s.row[0] * g.a[0][j] + s.row[1] * g.a[1][j] + s.row[2] * g.a[2][j]) / xs;
        lo2 = c < lo2 ? c : lo2;
    }
    double ys = s.col[0] + s.col[1] + s.col[2] + s.col[3] + s.col[4];
    for (int o = 0; o < 3; o++) {
        double r = 0;
        for (int j = 0; j < 5; j++)
            r += g.a[o][j] * s.col[j];
        r /= ys;
        hi2 = r > hi2 ? r : hi2;
    }
    double slack = 2.0 * (PB_DRIVE_P_ERR + gamma_n(8));
    t->lo = fmax(d->pat * (1 - PB_DRIVE_P_ERR), lo2 - slack);
    t->hi = fmax(d->pat * (1 + PB_DRIVE_P_ERR), hi2 + slack);
    return 0;
}

/* ---- the interval iteration ---- */

static double up(double x) { return nextafter(x, INFINITY); }
static double down(double x) { return nextafter(x, -INFINITY); }

static inline double dmax(double a, double b) { return a > b ? a : b; }
static inline double dmin(double a, double b) { return a < b ? a : b; }

/* The parts of a cell's entries at togo t that do not depend on the down: for each bound
 * (0: lo, own successors at lo and the opponent's at -hi; 1: hi, the other way round) the
 * scores and turnovers k, the 1st downs s[y] = sum over g >= y, the turnovers on downs
 * p4[y] = sum over g < y. */
typedef struct {
    double k[2];
    double s[2][PB_DRIVE_TOGO + 2];
    double p4[2][PB_DRIVE_TOGO + 2];
} cell_parts;

static void parts_of(const pb_drive *d, const pb_drive_cell *c, int t, const double *own[2], const double *opp[2],
                     const double td_own[2], const double td_opp[2], cell_parts *cp)
{
    for (int b = 0; b < 2; b++) {
        double k = c->p_td * td_own[b] - 2.0 * c->p_safety + c->p_ttd * td_opp[b];
        for (int i = 0; i < c->nto; i++)
            k -= c->to_p[i] * opp[b][pb_drive_first(d, c->to_t[i])];
        cp->k[b] = k;
        double s = 0;   /* s[y] for y = t .. 1: gains g >= y >= 1 */
        cp->s[b][t + 1] = 0;
        for (int y = t; y >= 1; y--) {
            int k2 = y - c->gmin;
            if (k2 >= 0 && k2 < c->ng)
                s += c->pg[k2] * own[b][pb_drive_first(d, t - y)];
            cp->s[b][y] = s;
        }
        double p = 0;   /* p4[y] for y = 1 .. t: gains g < y */
        for (int k2 = 0; k2 < c->ng && c->gmin + k2 < 1; k2++)
            p -= c->pg[k2] * opp[b][pb_drive_first(d, 100 - t + c->gmin + k2)];
        cp->p4[b][1] = p;
        for (int y = 1; y < t; y++) {
            int k2 = y - c->gmin;
            if (k2 >= 0 && k2 < c->ng)
                p -= c->pg[k2] * opp[b][pb_drive_first(d, 100 - t + y)];
            cp->p4[b][y + 1] = p;
        }
    }
}

/* Both bounds' 3 x 5 entries at (t, dn, y) from the parts: the same sums as
 * pb_drive_play_entries, grouped differently. */
static void bound_entries(const pb_drive *d, const pb_drive_cell cells[3][5], const cell_parts parts[3][5], int t,
                          int dn, int y, const double *own[2], double A[2][3][5])
{
    int pen1st = d->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN, last = dn >= d->downs;
    int base = pb_drive_index(t, dn + 1 <= d->downs ? dn + 1 : dn, y);
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++) {
            const pb_drive_cell *c = &cells[o][j];
            const cell_parts *cp = &parts[o][j];
            double s0 = cp->k[0] + cp->s[0][y], s1 = cp->k[1] + cp->s[1][y];
            if (last) {
                s0 += cp->p4[0][y];
                s1 += cp->p4[1][y];
            } else {
                int split = y - c->gmin < c->ng ? y - c->gmin : c->ng;
                if (split > 0) {   /* four partial sums per bound: the loop is latency-bound */
                    const double *v0 = own[0] + (base - c->gmin), *v1 = own[1] + (base - c->gmin);
                    const double *pg = c->pg;
                    double a0 = 0, b0 = 0, c0 = 0, d0 = 0, a1 = 0, b1 = 0, c1 = 0, d1 = 0;
                    int k = 0;
                    for (; k + 4 <= split; k += 4) {
                        a0 += pg[k] * v0[-k];
                        a1 += pg[k] * v1[-k];
                        b0 += pg[k + 1] * v0[-k - 1];
                        b1 += pg[k + 1] * v1[-k - 1];
                        c0 += pg[k + 2] * v0[-k - 2];
                        c1 += pg[k + 2] * v1[-k - 2];
                        d0 += pg[k + 3] * v0[-k - 3];
                        d1 += pg[k + 3] * v1[-k - 3];
                    }
                    for (; k < split; k++) {
                        a0 += pg[k] * v0[-k];
                        a1 += pg[k] * v1[-k];
                    }
                    s0 += (a0 + b0) + (c0 + d0);
                    s1 += (a1 + b1) + (c1 + d1);
                }
            }
            for (int k = 0; k < c->npen; k++) {
                int m = c->pen_m[k], y2 = y - m;
                int at = c->pen_def[k] && m >= y && pen1st ? pb_drive_first(d, t - m)
                                                           : pb_drive_index(t - m, dn, y2 < 1 ? 1 : y2);
                s0 += c->pen_p[k] * own[0][at];
                s1 += c->pen_p[k] * own[1][at];
            }
            A[0][o][j] = s0;
            A[1][o][j] = s1;
        }
}

/* Gauss-Seidel sweeps until max(hi - lo) <= tol. */
static int iterate(pb_drive *d, char *err, size_t errlen)
{
    double *L = d->lo, *U = d->hi;
    for (int i = 0; i < d->nstates; i++) {
        L[i] = -PB_DRIVE_VMAX;
        U[i] = PB_DRIVE_VMAX;
    }
    const pb_drive_try *tr = &d->try_;
    double td_own_L = down(6 + tr->lo), td_own_U = up(6 + tr->hi);
    const double td_own[2] = {td_own_L, td_own_U}, td_opp[2] = {-td_own_U, -td_own_L};
    const double *own[2] = {L, U}, *opp[2] = {U, L};
    cell_parts(*parts)[5] = malloc(15 * sizeof(cell_parts));
    double *mixes = calloc((size_t)d->nstates * 8, sizeof(double));   /* per state: x[3], y[5] */
    if (!parts || !mixes) {
        free(parts);
        free(mixes);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int fg_max = d->rs->fg_max_togo;
    for (int sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
        double gap = 0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            const pb_drive_cell(*cells)[5] = d->cell[t];
            double cL = pb_drive_punt_value(d, t, U, td_own_U), cU = pb_drive_punt_value(d, t, L, td_own_L);
            if (t <= fg_max) {
                cL = dmax(cL, pb_drive_fg_value(d, t, U));
                cU = dmax(cU, pb_drive_fg_value(d, t, L));
            }
            for (int o = 0; o < 3; o++)
                for (int j = 0; j < 5; j++)
                    parts_of(d, &cells[o][j], t, own, opp, td_own, td_opp, &parts[o][j]);
            for (int dn = d->downs; dn >= 1; dn--)
                for (int y = 1; y <= t; y++) {
                    double A[2][3][5];
                    bound_entries(d, cells, (const cell_parts(*)[5])parts, t, dn, y, own, A);
                    double(*AL)[5] = A[0], (*AU)[5] = A[1];
                    double amax = -INFINITY, minimax = INFINITY;
                    for (int j = 0; j < 5; j++) {
                        minimax = dmin(minimax, dmax(dmax(AU[0][j], AU[1][j]), AU[2][j]));
                        amax = dmax(amax, dmax(dmax(AL[0][j], AL[1][j]), AL[2][j]));
                    }
                    double certL = -INFINITY, certU = minimax;
                    if (!(cL >= amax && cU >= minimax)) {   /* else the constant rows decide both bounds */
                        pb_mg_game g = {3, 5, {{0}}};
                        for (int o = 0; o < 3; o++)
                            for (int j = 0; j < 5; j++)
                                g.a[o][j] = 0.5 * (AL[o][j] + AU[o][j]);
                        /* the last mixes found here serve while they are within 1% of the state's gap
                         * of an equilibrium (a certificate needs no optimal mix, only a good one) */
                        pb_mg_solution s;
                        int ii = pb_drive_index(t, dn, y);
                        double *mix = mixes + 8 * ii;
                        if (mix[0] + mix[1] + mix[2] > 0 && pb_mg_exploitability(&g, mix, mix + 3) <= 0.01 * (U[ii] - L[ii])) {
                            memcpy(s.row, mix, 3 * sizeof(double));
                            memcpy(s.col, mix + 3, 5 * sizeof(double));
                        } else if (pb_mg_solve(&g, &s) == 0) {
                            memcpy(mix, s.row, 3 * sizeof(double));
                            memcpy(mix + 3, s.col, 5 * sizeof(double));
                        } else {
                            snprintf(err, errlen, "internal error: the game at togo %d, down %d, ytg %d has no solution",
                                     t, dn, y);
                            free(parts);
                            free(mixes);
                            return -1;
                        }
                        double xs = s.row[0] + s.row[1] + s.row[2], ys = 0;
                        certL = INFINITY;
                        for (int j = 0; j < 5; j++) {
                            double v = (s.row[0] * AL[0][j] + s.row[1] * AL[1][j] + s.row[2] * AL[2][j]) / xs;
                            certL = dmin(certL, v);
                            ys += s.col[j];
                        }
                        double cu = -INFINITY;
                        for (int o = 0; o < 3; o++) {
                            double v = 0;
                            for (int j = 0; j < 5; j++)
                                v += AU[o][j] * s.col[j];
                            cu = dmax(cu, v / ys);
                        }
                        certU = dmin(certU, cu);
                    }
                    int i = pb_drive_index(t, dn, y);
                    L[i] = dmax(L[i], dmax(certL, cL) - d->eps);
                    U[i] = dmin(U[i], dmax(certU, cU) + d->eps);
                    gap = dmax(gap, U[i] - L[i]);
                }
        }
        d->stats.sweeps = sweep;
        d->stats.max_gap = gap;
        if (gap <= d->tol) {
            free(parts);
            free(mixes);
            return 0;
        }
    }
    free(parts);
    free(mixes);
    snprintf(err, errlen, "the drive values did not converge in %d sweeps (gap %.3g)", MAX_SWEEPS, d->stats.max_gap);
    return -1;
}

/* The rounding allowance per update (drive.h): probabilities (PB_DRIVE_P_ERR relative, summing
 * to 1), the longest sum of an entry (gamma_n), the certificate (a 3- or 5-term mix, a division,
 * the subtraction of eps), all times the largest value. */
static double allowance(const pb_drive *d)
{
    int n = 8;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                n = n > d->cell[t][o][j].nterms ? n : d->cell[t][o][j].nterms;
        n = n > d->punt[t].n + 2 ? n : d->punt[t].n + 2;
        n = n > d->fg[t].n + 2 ? n : d->fg[t].n + 2;
    }
    return 1.01 * PB_DRIVE_VMAX * (PB_DRIVE_P_ERR + gamma_n(n) * (1 + PB_DRIVE_P_ERR) + gamma_n(8) + 2 * PB_DRIVE_U);
}

/* ---- the final matrices and mixes ---- */

static int final_state(const pb_drive *d, int t, int dn, int y, pb_drive_state *st)
{
    const double *E = d->ep;
    double td = 6 + d->try_.value;
    double A[3][5];
    pb_drive_play_entries(d, d->cell[t], t, dn, y, E, E, td, -td, A);
    memset(st, 0, sizeof *st);
    st->togo = t;
    st->down = dn;
    st->ytg = y;
    int i = pb_drive_index(t, dn, y);
    st->lo = d->lo[i];
    st->hi = d->hi[i];
    st->ep = d->ep[i];
    st->bound = 0.5 * (st->hi - st->lo) * (1 + 2 * PB_DRIVE_U) + 4 * PB_DRIVE_VMAX * PB_DRIVE_U;
    pb_mg_game g = {0, 5, {{0}}};
    for (int o = 0; o < 3; o++) {
        st->calls[st->ncalls++] = (pb_drive_call)o;
        memcpy(st->matrix[o], A[o], sizeof A[o]);
    }
    double c[2] = {t <= d->rs->fg_max_togo ? pb_drive_fg_value(d, t, E) : NAN, pb_drive_punt_value(d, t, E, td)};
    for (int k = 0; k < 2; k++) {
        if (isnan(c[k]))
            continue;
        st->calls[st->ncalls] = k ? PB_DRIVE_PUNT : PB_DRIVE_FG;
        for (int j = 0; j < 5; j++)
            st->matrix[st->ncalls][j] = c[k];
        st->ncalls++;
    }
    g.rows = st->ncalls;
    for (int r = 0; r < st->ncalls; r++)
        for (int j = 0; j < 5; j++)
            g.a[r][j] = st->matrix[r][j];
    pb_mg_solution s;
    if (pb_mg_solve(&g, &s) != 0)
        return -1;
    memcpy(st->off_mix, s.row, (size_t)st->ncalls * sizeof(double));
    memcpy(st->def_mix, s.col, sizeof st->def_mix);
    st->exploit = s.exploit;
    return 0;
}

/* ---- the API ---- */

int pb_drive_solve(pb_drive **out, const pb_drive_opts *o, char *err, size_t errlen)
{
    *out = NULL;
    if (!o || !o->rules) {
        snprintf(err, errlen, "no ruleset");
        return -1;
    }
    pb_drive *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    d->rs = o->rules;
    d->pol = o->policies;
    d->threads = o->threads < 1 ? 1 : o->threads;
    d->tol = o->tolerance > 0 ? o->tolerance : DEFAULT_TOL;
    d->downs = o->rules->downs;
    d->fdy = o->rules->first_down_yards;
    d->nstates = d->downs * PB_DRIVE_TOGO * 100;
    d->stats.states = d->downs * PB_DRIVE_TOGO * (PB_DRIVE_TOGO + 1) / 2;
    d->lo = malloc((size_t)d->nstates * sizeof(double));
    d->hi = malloc((size_t)d->nstates * sizeof(double));
    d->ep = calloc((size_t)d->nstates, sizeof(double));
    d->st = calloc((size_t)d->stats.states, sizeof *d->st);
    if (!d->lo || !d->hi || !d->ep || !d->st) {
        snprintf(err, errlen, "out of memory");
        pb_drive_free(d);
        return -1;
    }
    if (d->rs->touchback_togo < 1 || d->rs->touchback_togo > 99) {
        snprintf(err, errlen, "touchback at togo %d is off the field", d->rs->touchback_togo);
        pb_drive_free(d);
        return -1;
    }
    double t0 = seconds();
    if (pb_drive_tables_build(d, err, errlen) != 0 || solve_try(d, err, errlen) != 0) {
        pb_drive_free(d);
        return -1;
    }
    double t1 = seconds();
    d->stats.build_seconds = t1 - t0;
    d->eps = d->stats.epsilon = allowance(d);
    if (iterate(d, err, errlen) != 0) {
        pb_drive_free(d);
        return -1;
    }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int dn = 1; dn <= d->downs; dn++)
            for (int y = 1; y <= t; y++) {
                int i = pb_drive_index(t, dn, y);
                d->ep[i] = 0.5 * (d->lo[i] + d->hi[i]);
            }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        for (int dn = 1; dn <= d->downs; dn++)
            for (int y = 1; y <= t; y++) {
                pb_drive_state *st = &d->st[compact_index(t, dn, y)];
                if (final_state(d, t, dn, y, st) != 0) {
                    snprintf(err, errlen, "internal error: the final game at togo %d, down %d, ytg %d", t, dn, y);
                    pb_drive_free(d);
                    return -1;
                }
                d->stats.max_bound = fmax(d->stats.max_bound, st->bound);
                d->stats.max_exploit = fmax(d->stats.max_exploit, st->exploit);
            }
    d->stats.solve_seconds = seconds() - t1;
    *out = d;
    return 0;
}

void pb_drive_free(pb_drive *d)
{
    if (!d)
        return;
    pb_drive_tables_release(d);
    free(d->lo);
    free(d->hi);
    free(d->ep);
    free(d->st);
    free(d);
}

static int on_field(const pb_drive *d, int togo, int down, int ytg)
{
    return togo >= 1 && togo <= PB_DRIVE_TOGO && down >= 1 && down <= d->downs && ytg >= 1 && ytg <= togo;
}

int pb_drive_get(const pb_drive *d, int togo, int down, int ytg, pb_drive_state *out)
{
    if (!on_field(d, togo, down, ytg))
        return -1;
    *out = d->st[compact_index(togo, down, ytg)];
    return 0;
}

double pb_drive_ep(const pb_drive *d, int togo, int down, int ytg)
{
    return on_field(d, togo, down, ytg) ? d->ep[pb_drive_index(togo, down, ytg)] : NAN;
}

void pb_drive_try_get(const pb_drive *d, pb_drive_try *out) { *out = d->try_; }
void pb_drive_stats_get(const pb_drive *d, pb_drive_stats *out) { *out = d->stats; }
const pb_ruleset *pb_drive_rules(const pb_drive *d) { return d->rs; }
