/* solve/matgame_fallback.c: the second and last tries of pb_mg_solve (matgame.c, steps 5 and
 * 6): the column player's LP in double-double arithmetic, then in exact rationals (GMP). */
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <string.h>

#include "matgame_internal.h"

#define TOL_RC_DD 1e-26         /* reduced cost, pivot and feasibility tolerances (matgame.c) */
#define TOL_PIV_DD 1e-26
#define TOL_FEAS_DD 1e-28

/* ---- the double-double simplex (about 106 bits; Dekker 1971, Hida, Li, Bailey's QD) ---- */

typedef struct {
    double hi, lo;
} dd;

static inline dd dd_quick(double a, double b) /* |a| >= |b| */
{
    double s = a + b;
    return (dd){s, b - (s - a)};
}

static inline dd dd_add(dd x, dd y)
{
    double s, e, t, f;
    two_sum(x.hi, y.hi, &s, &e);
    two_sum(x.lo, y.lo, &t, &f);
    e += t;
    dd r = dd_quick(s, e);
    return dd_quick(r.hi, r.lo + f);
}

static inline dd dd_neg(dd x)
{
    return (dd){-x.hi, -x.lo};
}

static inline dd dd_mul(dd x, dd y)
{
    double p, e;
    two_prod(x.hi, y.hi, &p, &e);
    e += x.hi * y.lo + x.lo * y.hi;
    return dd_quick(p, e);
}

static inline dd dd_div(dd x, dd y)
{
    double q1 = x.hi / y.hi;
    dd r = dd_add(x, dd_neg(dd_mul(y, (dd){q1, 0})));
    double q2 = r.hi / y.hi;
    r = dd_add(r, dd_neg(dd_mul(y, (dd){q2, 0})));
    double q3 = r.hi / y.hi;
    return dd_add(dd_quick(q1, q2), (dd){q3, 0});
}

/* The same LP as simplex_double in double-double, with tolerances near its rounding level:
 * the second try when the double simplex's basis fails the check (a near-tie below its
 * tolerances, or a tableau blown up by the tiny pivots of nearly equal rows). Fills the basis
 * and the LP's own x and y (rounded, normalized). 0, or -1. */
int pb_mg_simplex_dd(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, double lo,
                      int basic[PB_MG_MAX], double *x, double *y)
{
    dd t[PB_MG_MAX][NVAR], rhs[PB_MG_MAX], obj[NVAR];
    int nv = n + m;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
            double s, e; /* as - lo + 1, exactly */
            two_sum(as[i][j], -lo, &s, &e);
            dd d = dd_quick(s, e);
            t[i][j] = dd_add(d, (dd){1.0, 0});
        }
        for (int j = n; j < nv; j++)
            t[i][j] = (dd){0, 0};
        t[i][n + i] = (dd){1, 0};
        rhs[i] = (dd){1, 0};
        basic[i] = n + i;
    }
    for (int j = 0; j < nv; j++)
        obj[j] = (dd){j < n ? -1.0 : 0.0, 0};

    for (int iter = 0; iter < MAX_PIVOTS; iter++) {
        int e = -1;
        double best = -TOL_RC_DD;
        for (int j = 0; j < nv; j++)
            if (obj[j].hi < best) {
                best = obj[j].hi;
                e = j;
            }
        if (e < 0) {
            dd sq = {0, 0};
            for (int i = 0; i < m; i++)
                if (basic[i] < n && rhs[i].hi > 0)
                    sq = dd_add(sq, rhs[i]);
            if (!(sq.hi > 0))
                return -1;
            double sx = 0, sy = 0;
            for (int j = 0; j < n; j++)
                y[j] = 0;
            for (int i = 0; i < m; i++)
                if (basic[i] < n && rhs[i].hi > 0)
                    y[basic[i]] = dd_div(rhs[i], sq).hi;
            for (int i = 0; i < m; i++)
                x[i] = obj[n + i].hi > 0 ? dd_div(obj[n + i], sq).hi : 0;
            for (int j = 0; j < n; j++)
                sy += y[j];
            for (int i = 0; i < m; i++)
                sx += x[i];
            if (!(sx > 0 && sy > 0))
                return -1;
            for (int j = 0; j < n; j++)
                y[j] /= sy;
            for (int i = 0; i < m; i++)
                x[i] /= sx;
            return 0;
        }
        double step = INFINITY; /* Harris, as in simplex_double */
        dd ratio[PB_MG_MAX];
        for (int i = 0; i < m; i++)
            if (t[i][e].hi > TOL_PIV_DD) {
                ratio[i] = dd_div(rhs[i], t[i][e]);
                double q = dd_div(dd_add(rhs[i], (dd){TOL_FEAS_DD, 0}), t[i][e]).hi;
                if (q < step)
                    step = q;
            }
        int r = -1;
        for (int i = 0; i < m; i++)
            if (t[i][e].hi > TOL_PIV_DD && ratio[i].hi <= step &&
                (r < 0 || t[i][e].hi > t[r][e].hi ||
                 (t[i][e].hi == t[r][e].hi && basic[i] < basic[r])))
                r = i;
        if (r < 0)
            return -1;
        dd piv = t[r][e];
        for (int j = 0; j < nv; j++)
            t[r][j] = dd_div(t[r][j], piv);
        rhs[r] = dd_div(rhs[r], piv);
        t[r][e] = (dd){1, 0};
        for (int i = 0; i < m; i++) {
            if (i == r || (t[i][e].hi == 0 && t[i][e].lo == 0))
                continue;
            dd f = dd_neg(t[i][e]);
            for (int j = 0; j < nv; j++)
                t[i][j] = dd_add(t[i][j], dd_mul(f, t[r][j]));
            rhs[i] = dd_add(rhs[i], dd_mul(f, rhs[r]));
            t[i][e] = (dd){0, 0};
        }
        dd f = dd_neg(obj[e]);
        for (int j = 0; j < nv; j++)
            obj[j] = dd_add(obj[j], dd_mul(f, t[r][j]));
        obj[e] = (dd){0, 0};
        basic[r] = e;
    }
    return -1;
}

/* ---- the exact fallback ---- */

/* The same LP in exact rationals with Bland's rule; x and y rounded and normalized. */
void pb_mg_simplex_exact(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, double lo, double *x,
                          double *y)
{
    int nv = n + m, basic[PB_MG_MAX];
    mpq_t t[PB_MG_MAX][NVAR], rhs[PB_MG_MAX], obj[NVAR], q, f, best, shift;
    mpq_inits(q, f, best, shift, NULL);
    mpq_set_d(shift, lo);
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < nv; j++) {
            mpq_init(t[i][j]);
            if (j < n) {
                mpq_set_d(t[i][j], as[i][j]);
                mpq_sub(t[i][j], t[i][j], shift);
                mpz_add(mpq_numref(t[i][j]), mpq_numref(t[i][j]), mpq_denref(t[i][j])); /* +1 */
            }
        }
        mpq_set_ui(t[i][n + i], 1, 1);
        mpq_init(rhs[i]);
        mpq_set_ui(rhs[i], 1, 1);
        basic[i] = n + i;
    }
    for (int j = 0; j < nv; j++) {
        mpq_init(obj[j]);
        if (j < n)
            mpq_set_si(obj[j], -1, 1);
    }
    for (;;) {
        int e = -1;
        for (int j = 0; j < nv && e < 0; j++)
            if (mpq_sgn(obj[j]) < 0)
                e = j;
        if (e < 0)
            break;
        int r = -1;
        for (int i = 0; i < m; i++) {
            if (mpq_sgn(t[i][e]) <= 0)
                continue;
            mpq_div(q, rhs[i], t[i][e]);
            int cmp = r < 0 ? -1 : mpq_cmp(q, best);
            if (cmp < 0 || (cmp == 0 && basic[i] < basic[r])) {
                r = i;
                mpq_set(best, q);
            }
        }
        if (r < 0)
            break; /* unbounded: impossible, B > 0 */
        mpq_set(f, t[r][e]);
        for (int j = 0; j < nv; j++)
            mpq_div(t[r][j], t[r][j], f);
        mpq_div(rhs[r], rhs[r], f);
        for (int i = 0; i < m; i++) {
            if (i == r || mpq_sgn(t[i][e]) == 0)
                continue;
            mpq_set(f, t[i][e]);
            for (int j = 0; j < nv; j++) {
                mpq_mul(q, f, t[r][j]);
                mpq_sub(t[i][j], t[i][j], q);
            }
            mpq_mul(q, f, rhs[r]);
            mpq_sub(rhs[i], rhs[i], q);
        }
        mpq_set(f, obj[e]);
        for (int j = 0; j < nv; j++) {
            mpq_mul(q, f, t[r][j]);
            mpq_sub(obj[j], obj[j], q);
        }
        basic[r] = e;
    }
    /* 1'q = sum of the slack duals = 1 / (shifted value) */
    mpq_set_ui(best, 0, 1);
    for (int i = 0; i < m; i++)
        if (basic[i] < n)
            mpq_add(best, best, rhs[i]);
    for (int j = 0; j < n; j++)
        y[j] = 0;
    for (int i = 0; i < m; i++)
        if (basic[i] < n) {
            mpq_div(q, rhs[i], best);
            y[basic[i]] = mpq_get_d(q);
        }
    for (int i = 0; i < m; i++) {
        mpq_div(q, obj[n + i], best);
        x[i] = mpq_get_d(q);
    }
    double sx = 0, sy = 0;
    for (int i = 0; i < m; i++)
        sx += x[i];
    for (int j = 0; j < n; j++)
        sy += y[j];
    for (int i = 0; i < m; i++)
        x[i] /= sx;
    for (int j = 0; j < n; j++)
        y[j] /= sy;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < nv; j++)
            mpq_clear(t[i][j]);
        mpq_clear(rhs[i]);
    }
    for (int j = 0; j < nv; j++)
        mpq_clear(obj[j]);
    mpq_clears(q, f, best, shift, NULL);
}
