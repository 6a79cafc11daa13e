/* solve/matgame.h: small two-player zero-sum matrix games (one snap: offense calls x defenses).
 *
 * The row player maximizes, the column player minimizes the payoff a[i][j]. pb_mg_solve finds
 * the value and a pair of optimal mixed strategies (a linear program, solved in double
 * precision and polished so that the exploitability is at the rounding level). Exploitability
 * is the most either side gains by a pure deviation from the pair:
 *     max( max_i (A y)_i - x'Ay ,  x'Ay - min_j (x'A)_j ),
 * 0 exactly at an equilibrium. Deterministic: the same game gives the same bits.
 * Thread-safe (no state). */
#ifndef PB_MATGAME_H
#define PB_MATGAME_H

#include <float.h>

#define PB_MG_MAX 8
#define PB_MG_TOL_REL (40 * DBL_EPSILON)   /* a pair is taken with exploitability <= this x max |a| */

typedef struct {
    int rows, cols;                    /* 1..PB_MG_MAX each */
    double a[PB_MG_MAX][PB_MG_MAX];    /* payoff to the row player */
} pb_mg_game;

typedef struct {
    double value;                      /* x'Ay of the pair found */
    double row[PB_MG_MAX];             /* row player's mix x (sums to 1, >= 0) */
    double col[PB_MG_MAX];             /* column player's mix y */
    double exploit;                    /* pb_mg_exploitability(g, row, col) */
    double guarantee;                  /* min_j (x'A)_j: what x guarantees the row player */
    double concede;                    /* max_i (Ay)_i: what y concedes (right after guarantee) */
} pb_mg_solution;

/* Solve g. 0, or -1 when g is malformed (rows or cols out of range, a non-finite entry). */
int pb_mg_solve(const pb_mg_game *g, pb_mg_solution *out);

/* pb_mg_solve when a looser pair will do: the simplex's own mixes, unpolished, when their
 * exploitability is <= tol (else pb_mg_solve). For bounds that carry the exploitability (the
 * game solver's certified intervals); about twice as fast. 0, or -1 when g is malformed. */
int pb_mg_solve_loose(const pb_mg_game *g, double tol, pb_mg_solution *out);

/* A guess of a game's supports for pb_mg_solve_warm: bit i of rows (cols) set when row (column)
 * i is played; {0, 0}: no guess. */
typedef struct {
    unsigned rows, cols;
} pb_mg_support;

/* pb_mg_solve_loose from a guess (solve/matgame_support.c): when *hint names square supports, the
 * pair that equalizes them (two small linear systems) is taken if both mixes are >= 0 and its
 * exploitability is <= tol (or the rounding level); else pb_mg_solve_loose, and *hint becomes
 * the supports of its pair. For runs of similar games (a layer's snaps): several times faster
 * when the supports repeat. Deterministic for the same game and hint. 0, or -1 (malformed). */
int pb_mg_solve_warm(const pb_mg_game *g, double tol, pb_mg_support *hint, pb_mg_solution *out);

/* pb_mg_solve_warm's first step alone: the pair that equalizes the square supports `hint`, into
 * *out when both mixes are >= 0 and its exploitability passes; 1 taken, 0 not (out unchanged),
 * -1 when g is malformed. pb_mg_support_of: the supports of a solution's pair. */
int pb_mg_solve_support(const pb_mg_game *g, double tol, pb_mg_support hint, pb_mg_solution *out);
void pb_mg_support_of(const pb_mg_solution *s, int rows, int cols, pb_mg_support *hint);

/* The exploitability of the pair (x, y) in g (see above); >= 0 up to rounding. */
double pb_mg_exploitability(const pb_mg_game *g, const double *x, const double *y);

/* The lower and upper values of g in pure strategies (maximin <= value <= minimax). */
double pb_mg_maximin(const pb_mg_game *g);
double pb_mg_minimax(const pb_mg_game *g);

/* pb_mg_solve, also telling which path found the pair (matgame.c explains them): a pure saddle
 * point, the double simplex polished, the double-double simplex (the first failed its check),
 * the exact rational simplex (both failed); or -1 when g is malformed. */
enum { PB_MG_PATH_SADDLE = 0, PB_MG_PATH_SIMPLEX = 1, PB_MG_PATH_DD = 2, PB_MG_PATH_EXACT = 3 };
int pb_mg_solve_path(const pb_mg_game *g, pb_mg_solution *out);

/* Solve g by the exact rational simplex alone (GMP; about 100 microseconds for 5 x 5), the
 * strategies rounded to double: a reference for tests. 0, or -1 when g is malformed.
 * (pb_mg_exploitability, pb_mg_maximin and pb_mg_minimax return NAN when rows or cols are out
 * of range.) */
int pb_mg_solve_exact(const pb_mg_game *g, pb_mg_solution *out);

#endif
