/* solve/matgame_support.c: pb_mg_solve_warm: a matrix game solved from a guess of its supports
 * (the rows and columns the last game's pair used). Neighbouring snaps of the game solver have
 * nearly the same matrix, so their equilibria mostly share the supports; on square supports R x C
 * the equilibrium makes the column player indifferent among R's rows and the row player among C's
 * columns, two small linear systems. The pair is taken only when both mixes are >= 0 and its
 * exploitability passes the same test as pb_mg_solve_loose's; else the full solve runs. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "matgame.h"
#include "matgame_internal.h"

#define TOL_REL PB_MG_TOL_REL

/* Solve M z = r (n unknowns, n <= PB_MG_MAX; r is M's column n) by Gaussian elimination with
 * partial pivoting. 0, or -1 when a pivot vanishes. M is overwritten. */
static int gauss(int n, double M[PB_MG_MAX + 1][PB_MG_MAX + 2], double *z)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int i = c + 1; i < n; i++)
            if (fabs(M[i][c]) > fabs(M[p][c]))
                p = i;
        if (!(fabs(M[p][c]) > 1e-14))
            return -1;
        if (p != c)
            for (int j = 0; j <= n; j++) {
                double t = M[c][j];
                M[c][j] = M[p][j];
                M[p][j] = t;
            }
        for (int i = c + 1; i < n; i++) {
            double f = M[i][c] / M[c][c];
            for (int j = c; j <= n; j++)
                M[i][j] -= f * M[c][j];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = M[i][n];
        for (int j = i + 1; j < n; j++)
            s -= M[i][j] * z[j];
        z[i] = s / M[i][i];
    }
    return 0;
}

/* The mix over `who` (k indices) that makes every one of the other side's `against` (k indices)
 * earn the same: rows = 1 solves for the row player's x, else the column player's y. With the
 * common earning eliminated: for e >= 1, sum_u (a(u, e) - a(u, 0)) mix_u = 0, and sum_u mix_u = 1
 * (k = 2 and 3 in closed form). 0, or -1 when singular or a weight is negative. */
static int indifferent(const pb_mg_game *g, int rows, const int *who, const int *against, int k, double *mix)
{
#define A(u, e) (rows ? g->a[who[u]][against[e]] : g->a[against[e]][who[u]])
    if (k == 1) {
        mix[who[0]] = 1;
        return 0;
    }
    double z[PB_MG_MAX];
    if (k == 2) {
        double d0 = A(0, 1) - A(0, 0), d1 = A(1, 1) - A(1, 0), den = d0 - d1;
        if (!(fabs(den) > 1e-14))
            return -1;
        z[0] = -d1 / den;
        z[1] = d0 / den;
    } else if (k == 3) {   /* z is orthogonal to both difference rows: their cross product, scaled to sum 1 */
        /* scalars, not arrays: stored one by one and loaded two at a time, an array's elements
         * missed the store forwarding (a third of this function's time) */
        double p0 = A(0, 1) - A(0, 0), p1 = A(1, 1) - A(1, 0), p2 = A(2, 1) - A(2, 0);
        double q0 = A(0, 2) - A(0, 0), q1 = A(1, 2) - A(1, 0), q2 = A(2, 2) - A(2, 0);
        double c0 = p1 * q2 - p2 * q1, c1 = p2 * q0 - p0 * q2, c2 = p0 * q1 - p1 * q0;
        double den = c0 + c1 + c2;
        if (!(fabs(den) > 1e-14))
            return -1;
        z[0] = c0 / den;
        z[1] = c1 / den;
        z[2] = c2 / den;
    } else {
        double M[PB_MG_MAX + 1][PB_MG_MAX + 2];
        for (int e = 1; e < k; e++) {
            for (int u = 0; u < k; u++)
                M[e - 1][u] = A(u, e) - A(u, 0);
            M[e - 1][k] = 0;
        }
        for (int u = 0; u < k; u++)
            M[k - 1][u] = 1;
        M[k - 1][k] = 1;
        if (gauss(k, M, z) != 0)
            return -1;
    }
#undef A
    for (int u = 0; u < k; u++) {
        if (!(z[u] >= 0))
            return -1;
        mix[who[u]] = z[u];
    }
    return 0;
}

static int members(unsigned mask, int n, int *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (mask >> i & 1u)
            out[k++] = i;
    return k;
}

static void hint_of(const pb_mg_solution *s, int m, int n, pb_mg_support *hint)
{
    hint->rows = hint->cols = 0;
    for (int i = 0; i < m; i++)
        if (s->row[i] > 0)
            hint->rows |= 1u << i;
    for (int j = 0; j < n; j++)
        if (s->col[j] > 0)
            hint->cols |= 1u << j;
}

int pb_mg_solve_support(const pb_mg_game *g, double tol, pb_mg_support hint, pb_mg_solution *out)
{
    if (!g || g->rows < 1 || g->rows > PB_MG_MAX || g->cols < 1 || g->cols > PB_MG_MAX)
        return -1;
    int m = g->rows, n = g->cols, R[PB_MG_MAX], C[PB_MG_MAX];
    int k = members(hint.rows, m, R);
    if (k == 0 || k != members(hint.cols, n, C))
        return 0;
    double x[PB_MG_MAX] = {0}, y[PB_MG_MAX] = {0}, amax = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            amax = fabs(g->a[i][j]) > amax ? fabs(g->a[i][j]) : amax;
    double t = tol > TOL_REL * amax ? tol : TOL_REL * amax;
    if (!isfinite(amax) || indifferent(g, 1, R, C, k, x) != 0 || indifferent(g, 0, C, R, k, y) != 0)
        return 0;
    double v, gc[2], e = pb_mg_value_exploit(g, x, y, &v, gc);   /* v = x'Ay, the same sums as before */
    if (!(e <= t))
        return 0;
    memset(out, 0, sizeof *out);
    out->guarantee = gc[0];
    out->concede = gc[1];
    memcpy(out->row, x, sizeof x);
    memcpy(out->col, y, sizeof y);
    out->value = v;
    out->exploit = e;
    return 1;
}

void pb_mg_support_of(const pb_mg_solution *s, int rows, int cols, pb_mg_support *hint)
{
    hint_of(s, rows, cols, hint);
}

int pb_mg_solve_warm(const pb_mg_game *g, double tol, pb_mg_support *hint, pb_mg_solution *out)
{
    int st = pb_mg_solve_support(g, tol, *hint, out);
    if (st != 0)
        return st < 0 ? -1 : 0;
    if (pb_mg_solve_loose(g, tol, out) != 0)
        return -1;
    hint_of(out, g->rows, g->cols, hint);
    return 0;
}
