/* solve/matgame_internal.h: what matgame.c and matgame_fallback.c share (not installed): the
 * tableau's size, the pivot cap, the error-free transformations of compensated arithmetic, and
 * the two fallback simplexes (double-double, exact rationals) of pb_mg_solve. */
#ifndef PB_MATGAME_INTERNAL_H
#define PB_MATGAME_INTERNAL_H

#include "matgame.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF /* the error-free transformations below need every rounding */
#endif

#define NVAR (2 * PB_MG_MAX)    /* q_0..q_{n-1}, then the slacks s_0..s_{m-1} */
#define MAX_PIVOTS 64           /* per simplex; beyond it (cycling), the next try */

/* ---- compensated arithmetic (Ogita, Rump, Oishi 2005), for the refinement residual ---- */

static inline void two_sum(double a, double b, double *s, double *e)
{
    double t = a + b, bb = t - a;
    *s = t;
    *e = (a - (t - bb)) + (b - bb);
}

static inline void split(double a, double *hi, double *lo)
{
    double c = 134217729.0 * a; /* 2^27 + 1 (Veltkamp); overflows only past 2^996 */
    double h = c - (c - a);
    *hi = h;
    *lo = a - h;
}

static inline void two_prod(double a, double b, double *p, double *e)
{
    double ah, al, bh, bl;
    double t = a * b;
    split(a, &ah, &al);
    split(b, &bh, &bl);
    *p = t;
    *e = al * bl - (((t - ah * bh) - al * bh) - ah * bl);
}

/* The column player's LP on B = as - lo + 1 (matgame.c, "Simplex") in double-double: fills the
 * basis and the LP's own x and y (rounded, normalized). 0, or -1. */
int pb_mg_simplex_dd(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, double lo, int basic[PB_MG_MAX], double *x,
                     double *y);
/* The same LP in exact rationals with Bland's rule; x and y rounded and normalized. */
/* x'Ay into *v_out (when not NULL) and the exploitability of (x, y): pb_mg_exploitability's sums;
 * gc (when not NULL): min_j (x'A)_j and max_i (Ay)_i (pb_mg_solution's guarantee, concede). */
double pb_mg_value_exploit(const pb_mg_game *g, const double *x, const double *y, double *v_out, double *gc);

void pb_mg_simplex_exact(double as[PB_MG_MAX][PB_MG_MAX], int m, int n, double lo, double *x, double *y);

#endif
