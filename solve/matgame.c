/* solve/matgame.c: small zero-sum matrix games (matgame.h): a saddle-point test, a simplex in
 * double precision polished on its final basis, a double-double simplex as the second try, and
 * an exact rational simplex as the last.
 *
 * 1. Saddle point. maximin == minimax (compared exactly) is the answer as it stands: the first
 *    maximin row against the first minimax column, exploitability 0. (Most snaps.)
 * 2. Simplex. The game is scaled by a power of two (exact) so that max |a| is in [1/2, 1), shifted
 *    to B = A - min A + 1 (in [1, 3]), and the column player's LP
 *        max 1'q  subject to  B q <= 1, q >= 0
 *    is solved on a dense tableau: Dantzig's rule (the smallest index on ties) and Harris's
 *    two-pass ratio test (among the rows that block within a 1e-15 slack, the largest pivot).
 *    At the optimum y = q / 1'q, and the slack columns' reduced costs p give x = p / 1'q.
 * 3. Polish. The final basis names the column support J (the basic q) and the tight rows I (the
 *    nonbasic slacks), |I| = |J| = k. The equalizing systems on the unshifted scaled game
 *        A_IJ y_J = v 1, 1'y_J = 1        and        A_IJ' x_I = v 1, 1'x_I = 1
 *    ((k + 1) x (k + 1), nonsingular for a basis) are solved by Gaussian elimination with partial
 *    pivoting and one step of iterative refinement on a compensated (Dot2) residual; the results
 *    are clamped at 0 and normalized.
 * 4. Check. Accepted when the exploitability is <= TOL_REL * max |a| (40 ulps of the largest
 *    payoff). It fails when the tableau lost digits: nearly equal rows or columns (1e-13..1e-8
 *    apart) force pivots of that size, and the final basis is then wrong by more than the
 *    tolerances. About 0.5% of 5 x 5 games with such near-duplicates; none of the random games
 *    without them.
 * 5. Second try: the same simplex in double-double arithmetic (~106 bits, tolerances ~1e-26):
 *    its own solution, else its basis polished, must pass the same check.
 * 6. Last: the same LP in exact rationals (GMP, Bland's rule, so it terminates), the exact
 *    strategies rounded to double. Only for games singular to second order in double-double
 *    (nearly equal rows and nearly equal columns at once): 2 in 100,000 of the hardest tests.
 *
 * Costs (one core, random 5 x 5): saddle ~0.12 us, double simplex ~1 us, double-double ~6 us,
 * exact ~100-150 us. Everything is a fixed sequence of double operations (no FMA contraction:
 * GCC's -std=c11 turns it off, the pragma below for clang), so the same game gives the same
 * bits. No state: thread-safe. The fallbacks (steps 5, 6) are in matgame_fallback.c. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "matgame.h"
#include "matgame_internal.h"  /* also turns FP contraction off for clang */

#define TOL_RC 1e-15            /* reduced cost below -TOL_RC enters (B is in [1, 3]) */
#define TOL_PIV 1e-14           /* smallest pivot element of the ratio test */
#define TOL_FEAS 1e-15          /* Harris: a basic variable may dip this far below 0 */
#define TOL_REL PB_MG_TOL_REL

static int valid_dims(const pb_mg_game *g)
{
    return g && g->rows >= 1 && g->rows <= PB_MG_MAX && g->cols >= 1 && g->cols <= PB_MG_MAX;
}

/* v = x'Ay, and the exploitability; the one definition both pb_mg_solve and
 * pb_mg_exploitability use, so that out->value and out->exploit agree bit for bit. gc (when not
 * NULL): min_j (x'A)_j and max_i (Ay)_i, the sums the exploitability compares (matgame.h's
 * guarantee and concede). */
static double value_exploit(const pb_mg_game *g, const double *x, const double *y, double *v_out, double *gc)
{
    int m = g->rows, n = g->cols;
    double v = 0, best_row = -INFINITY, best_col = INFINITY;
    for (int i = 0; i < m; i++) {
        double s = 0;
        for (int j = 0; j < n; j++)
            s += g->a[i][j] * y[j];
        v += x[i] * s;
        if (s > best_row)
            best_row = s;
    }
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < m; i++)
            s += x[i] * g->a[i][j];
        if (s < best_col)
            best_col = s;
    }
    if (v_out)
        *v_out = v;
    if (gc) {
        gc[0] = best_col;
        gc[1] = best_row;
    }
    double e_row = best_row - v, e_col = v - best_col;
    return e_row > e_col ? e_row : e_col;
}

double pb_mg_value_exploit(const pb_mg_game *g, const double *x, const double *y, double *v_out, double *gc)
{
    return value_exploit(g, x, y, v_out, gc);
}

double pb_mg_exploitability(const pb_mg_game *g, const double *x, const double *y)
{
    if (!valid_dims(g))
        return NAN;
    return value_exploit(g, x, y, NULL, NULL);
}

double pb_mg_maximin(const pb_mg_game *g)
{
    if (!valid_dims(g))
        return NAN;
    double best = -INFINITY;
    for (int i = 0; i < g->rows; i++) {
        double lo = g->a[i][0];
        for (int j = 1; j < g->cols; j++)
            if (g->a[i][j] < lo)
                lo = g->a[i][j];
        if (lo > best)
            best = lo;
    }
    return best;
}

double pb_mg_minimax(const pb_mg_game *g)
{
    if (!valid_dims(g))
        return NAN;
    double best = INFINITY;
    for (int j = 0; j < g->cols; j++) {
        double hi = g->a[0][j];
        for (int i = 1; i < g->rows; i++)
            if (g->a[i][j] > hi)
                hi = g->a[i][j];
        if (hi < best)
            best = hi;
    }
    return best;
}


/* sum_i u[i] w[i] - c, as if in twice the working precision */
static double dot2_minus(const double *u, const double *w, int n, double c)
{
    double p = -c, s = 0;
    for (int i = 0; i < n; i++) {
        double h, r, q;
        two_prod(u[i], w[i], &h, &r);
        two_sum(p, h, &p, &q);
        s += q + r;
    }
    return p + s;
}

/* ---- the polish: (k + 1) x (k + 1) linear systems ---- */

#define SYS (PB_MG_MAX + 1)

/* LU with partial pivoting in place; perm[r] = the original row of row r. 0, or -1 if singular. */
static int lu_factor(double lu[SYS][SYS], int n, int perm[SYS])
{
    for (int r = 0; r < n; r++)
        perm[r] = r;
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(lu[r][c]) > fabs(lu[p][c]))
                p = r;
        if (!(fabs(lu[p][c]) > 0))
            return -1;
        if (p != c) {
            double tmp[SYS];
            memcpy(tmp, lu[p], sizeof tmp);
            memcpy(lu[p], lu[c], sizeof tmp);
            memcpy(lu[c], tmp, sizeof tmp);
            int t = perm[p];
            perm[p] = perm[c];
            perm[c] = t;
        }
        for (int r = c + 1; r < n; r++) {
            double f = lu[r][c] / lu[c][c];
            lu[r][c] = f;
            for (int k = c + 1; k < n; k++)
                lu[r][k] -= f * lu[c][k];
        }
    }
    return 0;
}

static void lu_solve(double lu[SYS][SYS], int n, const int perm[SYS], const double *b, double *z)
{
    double t[SYS];
    for (int r = 0; r < n; r++) {
        double s = b[perm[r]];
        for (int k = 0; k < r; k++)
            s -= lu[r][k] * t[k];
        t[r] = s;
    }
    for (int r = n - 1; r >= 0; r--) {
        double s = t[r];
        for (int k = r + 1; k < n; k++)
            s -= lu[r][k] * z[k];
        z[r] = s / lu[r][r];
    }
}

/* Solve [M -1; 1' 0] [z; v] = [0; 1] (M is k x k, row-major in m[r][c]) with one refinement step,
 * clamp z at 0 and normalize it. 0, or -1 when singular or nothing positive is left. */
static int equalize(double m[PB_MG_MAX][PB_MG_MAX], int k, double *z)
{
    double sys[SYS][SYS], lu[SYS][SYS], sol[SYS], rhs[SYS], d[SYS], res[SYS] = {0};
    int perm[SYS] = {0}, n = k + 1;
    for (int r = 0; r < k; r++) {
        for (int c = 0; c < k; c++)
            sys[r][c] = m[r][c];
        sys[r][k] = -1;
        rhs[r] = 0;
    }
    for (int c = 0; c < k; c++)
        sys[k][c] = 1;
    sys[k][k] = 0;
    rhs[k] = 1;
    memcpy(lu, sys, sizeof lu);
    if (lu_factor(lu, n, perm) != 0)
        return -1;
    lu_solve(lu, n, perm, rhs, sol);
    for (int r = 0; r < n; r++)
        res[r] = -dot2_minus(sys[r], sol, n, rhs[r]);
    lu_solve(lu, n, perm, res, d);
    double sum = 0;
    for (int c = 0; c < k; c++) {
        double s = sol[c] + d[c];
        z[c] = s > 0 ? s : 0;
        sum += z[c];
    }
    if (!(sum > 0) || !isfinite(sum))
        return -1;
    for (int c = 0; c < k; c++)
        z[c] /= sum;
    return 0;
}

/* ---- the double simplex ---- */

/* The LP's own mixes at the optimum: y = q / 1'q (q the basic columns' values), x = p / 1'p (p the
 * slacks' reduced costs), clamped at 0. Unpolished: good to the tableau's rounding. */
static void tableau_mixes(const double *rhs, const double *obj, const int *basic, int m, int n, double *x, double *y)
{
    double sq = 0, sp = 0;
    for (int j = 0; j < n; j++)
        y[j] = 0;
    for (int i = 0; i < m; i++)
        if (basic[i] < n && rhs[i] > 0)
            y[basic[i]] = rhs[i];
    for (int j = 0; j < n; j++)
        sq += y[j];
    for (int i = 0; i < m; i++) {
        x[i] = obj[n + i] > 0 ? obj[n + i] : 0;
        sp += x[i];
    }
    for (int j = 0; j < n && sq > 0; j++)
        y[j] /= sq;
    for (int i = 0; i < m && sp > 0; i++)
        x[i] /= sp;
}

/* The column player's LP on B = as - lo + 1. On success, fills the basis: basic[i] is the
 * variable of row i. 0, or -1 at the pivot cap (cycling) or an impossible unboundedness. */
static int simplex_double(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, double lo,
                          int basic[PB_MG_MAX], double *tx, double *ty)
{
    double t[PB_MG_MAX][NVAR], rhs[PB_MG_MAX], obj[NVAR];
    int nv = n + m;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++)
            t[i][j] = (as[i][j] - lo) + 1.0;
        for (int j = n; j < nv; j++)
            t[i][j] = 0;
        t[i][n + i] = 1;
        rhs[i] = 1;
        basic[i] = n + i;
    }
    for (int j = 0; j < nv; j++)
        obj[j] = j < n ? -1.0 : 0.0;

    for (int iter = 0; iter < MAX_PIVOTS; iter++) {
        int e = -1;
        double best = -TOL_RC;
        for (int j = 0; j < nv; j++)
            if (obj[j] < best) {
                best = obj[j];
                e = j;
            }
        if (e < 0) {
            if (tx)
                tableau_mixes(rhs, obj, basic, m, n, tx, ty);
            return 0;
        }
        /* Harris's two-pass ratio test: the longest step that keeps every row >= -TOL_FEAS,
         * then, among the rows that block within it, the largest pivot element (a tiny pivot
         * on a nearly degenerate row would blow the tableau up) */
        double step = INFINITY;
        for (int i = 0; i < m; i++)
            if (t[i][e] > TOL_PIV) {
                double q = (rhs[i] + TOL_FEAS) / t[i][e];
                if (q < step)
                    step = q;
            }
        int r = -1;
        for (int i = 0; i < m; i++)
            if (t[i][e] > TOL_PIV && rhs[i] / t[i][e] <= step &&
                (r < 0 || t[i][e] > t[r][e] || (t[i][e] == t[r][e] && basic[i] < basic[r])))
                r = i;
        if (r < 0)
            return -1;
        double piv = t[r][e];
        for (int j = 0; j < nv; j++)
            t[r][j] /= piv;
        rhs[r] /= piv;
        t[r][e] = 1;
        for (int i = 0; i < m; i++) {
            if (i == r || t[i][e] == 0)
                continue;
            double f = t[i][e];
            for (int j = 0; j < nv; j++)
                t[i][j] -= f * t[r][j];
            rhs[i] -= f * rhs[r];
            t[i][e] = 0;
        }
        double f = obj[e];
        for (int j = 0; j < nv; j++)
            obj[j] -= f * t[r][j];
        obj[e] = 0;
        basic[r] = e;
    }
    return -1;
}

/* The polish of a basis: x and y (zero off the supports). 0, or -1. */
static int polish(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, const int basic[PB_MG_MAX],
                  double *x, double *y)
{
    int rows[PB_MG_MAX], cols[PB_MG_MAX], k = 0, kr = 0;
    int in_basis[NVAR] = {0};
    for (int i = 0; i < m; i++)
        in_basis[basic[i]] = 1;
    for (int j = 0; j < n; j++)
        if (in_basis[j])
            cols[k++] = j;
    for (int i = 0; i < m; i++)
        if (!in_basis[n + i])
            rows[kr++] = i;
    if (k != kr || k == 0)
        return -1;
    double sub[PB_MG_MAX][PB_MG_MAX], z[PB_MG_MAX];
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++)
            sub[r][c] = as[rows[r]][cols[c]];
    if (equalize(sub, k, z) != 0)
        return -1;
    for (int j = 0; j < n; j++)
        y[j] = 0;
    for (int c = 0; c < k; c++)
        y[cols[c]] = z[c];
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++)
            sub[r][c] = as[rows[c]][cols[r]];
    if (equalize(sub, k, z) != 0)
        return -1;
    for (int i = 0; i < m; i++)
        x[i] = 0;
    for (int r = 0; r < k; r++)
        x[rows[r]] = z[r];
    return 0;
}

/* ---- the solver ---- */

int pb_mg_solve(const pb_mg_game *g, pb_mg_solution *out)
{
    return pb_mg_solve_path(g, out) < 0 ? -1 : 0;
}

/* Check g; max |a| in *amax. 0, or -1 when malformed. */
static int check_game(const pb_mg_game *g, double *amax)
{
    if (!valid_dims(g))
        return -1;
    double mx = 0;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            double v = fabs(g->a[i][j]);
            if (!isfinite(v))
                return -1;
            if (v > mx)
                mx = v;
        }
    *amax = mx;
    return 0;
}

/* as = g scaled by 2^-ex so that max |a| is in [1/2, 1): exact (barring underflow of entries
 * 2^-1000 below the largest, which cannot matter); *lo = min as. The scaling is one product by
 * 2^-ex, which IEEE rounds as ldexp does (exact, or rounded once into the subnormals), without a
 * library call per entry; ldexp itself where 2^-ex may not be a double (ex <= -1000). */
static void scale_game(const pb_mg_game *g, double amax, double as[PB_MG_MAX][PB_MG_MAX],
                       double *lo)
{
    int ex;
    frexp(amax, &ex);
    double mn = INFINITY, f = ex > -1000 ? ldexp(1.0, -ex) : 0;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            as[i][j] = f != 0 ? g->a[i][j] * f : ldexp(g->a[i][j], -ex);
            if (as[i][j] < mn)
                mn = as[i][j];
        }
    *lo = mn;
}

int pb_mg_solve_exact(const pb_mg_game *g, pb_mg_solution *out)
{
    double amax, as[PB_MG_MAX][PB_MG_MAX], lo, gc[2];
    if (!out || check_game(g, &amax) != 0)
        return -1;
    memset(out, 0, sizeof *out);
    if (amax == 0) {
        out->row[0] = out->col[0] = 1;
    } else {
        scale_game(g, amax, as, &lo);
        pb_mg_simplex_exact(as, g->rows, g->cols, lo, out->row, out->col);
    }
    out->exploit = value_exploit(g, out->row, out->col, &out->value, gc);
    out->guarantee = gc[0];
    out->concede = gc[1];
    return 0;
}

/* out = (x, y) when its exploitability is <= tol */
static int accept(const pb_mg_game *g, const double *x, const double *y, double tol,
                  pb_mg_solution *out)
{
    double v, gc[2], e = value_exploit(g, x, y, &v, gc);
    if (!(e <= tol))
        return 0;
    out->guarantee = gc[0];
    out->concede = gc[1];
    memcpy(out->row, x, sizeof out->row);
    memcpy(out->col, y, sizeof out->col);
    out->value = v;
    out->exploit = e;
    return 1;
}

int pb_mg_solve_path(const pb_mg_game *g, pb_mg_solution *out)
{
    double amax, gc[2];
    if (!out || check_game(g, &amax) != 0)
        return -1;
    int m = g->rows, n = g->cols;
    memset(out, 0, sizeof *out);

    /* 1. a pure saddle point */
    double lo_val = pb_mg_maximin(g), hi_val = pb_mg_minimax(g);
    if (lo_val == hi_val) {
        int bi = 0, bj = 0;
        for (int i = 0; i < m; i++) {
            int ok = 1;
            for (int j = 0; j < n && ok; j++)
                ok = g->a[i][j] >= lo_val;
            if (ok) {
                bi = i;
                break;
            }
        }
        for (int j = 0; j < n; j++) {
            int ok = 1;
            for (int i = 0; i < m && ok; i++)
                ok = g->a[i][j] <= hi_val;
            if (ok) {
                bj = j;
                break;
            }
        }
        out->row[bi] = 1;
        out->col[bj] = 1;
        out->exploit = value_exploit(g, out->row, out->col, &out->value, gc);
        out->guarantee = gc[0];
        out->concede = gc[1];
        return PB_MG_PATH_SADDLE;
    }

    /* 2. scale */
    double as[PB_MG_MAX][PB_MG_MAX], lo;
    scale_game(g, amax, as, &lo);

    /* 3. simplex and polish, 4. check; then the double-double simplex, its own solution and
     * its basis polished */
    int basic[PB_MG_MAX];
    double x[PB_MG_MAX] = {0}, y[PB_MG_MAX] = {0}, tol = TOL_REL * amax;
    if (simplex_double(as, m, n, lo, basic, NULL, NULL) == 0 && polish(as, m, n, basic, x, y) == 0 &&
        accept(g, x, y, tol, out))
        return PB_MG_PATH_SIMPLEX;
    if (pb_mg_simplex_dd(as, m, n, lo, basic, x, y) == 0) {
        if (accept(g, x, y, tol, out))
            return PB_MG_PATH_DD;
        if (polish(as, m, n, basic, x, y) == 0 && accept(g, x, y, tol, out))
            return PB_MG_PATH_DD;
    }
    pb_mg_simplex_exact(as, m, n, lo, x, y);
    memcpy(out->row, x, sizeof x);
    memcpy(out->col, y, sizeof y);
    out->exploit = value_exploit(g, x, y, &out->value, gc);
    out->guarantee = gc[0];
    out->concede = gc[1];
    return PB_MG_PATH_EXACT;
}

int pb_mg_solve_loose(const pb_mg_game *g, double tol, pb_mg_solution *out)
{
    double amax;
    if (!out || check_game(g, &amax) != 0)
        return -1;
    int m = g->rows, n = g->cols;
    if (pb_mg_maximin(g) < pb_mg_minimax(g)) {   /* no saddle point: the tableau's own mixes */
        double as[PB_MG_MAX][PB_MG_MAX], lo, x[PB_MG_MAX] = {0}, y[PB_MG_MAX] = {0};
        int basic[PB_MG_MAX];
        scale_game(g, amax, as, &lo);
        memset(out, 0, sizeof *out);
        double t = tol > TOL_REL * amax ? tol : TOL_REL * amax;
        if (simplex_double(as, m, n, lo, basic, x, y) == 0 && accept(g, x, y, t, out))
            return 0;
    }
    return pb_mg_solve(g, out);
}
