/* tests/solve_matgame.c: Check suite for solve/matgame (zero-sum matrix games). Hand-solved
 * games (worked out in the comments) pin values and mixes; 2000 random games, many of them
 * degenerate, check the equilibrium conditions; about 100 games are checked against lrsnash
 * (lrslib's exact rational solver, through tests/lrs.c), which must be installed. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lrs.h"
#include "matgame.h"
#include "rng.h"

/* a game from a row-major list of rows x cols payoffs */
static pb_mg_game make(int rows, int cols, const double *a)
{
    pb_mg_game g;
    memset(&g, 0, sizeof g);
    g.rows = rows;
    g.cols = cols;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            g.a[i][j] = a[i * cols + j];
    return g;
}

static double max_abs(const pb_mg_game *g)
{
    double m = 0;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++)
            m = fmax(m, fabs(g->a[i][j]));
    return m;
}

/* the properties every solution has: mixes are distributions, out->exploit is the documented
 * exploitability of the pair and at the rounding level, out->value = x'Ay lies between the pure
 * maximin and minimax, and solving again gives the same bits */
static void check_solution(const pb_mg_game *g, const pb_mg_solution *s, const char *what)
{
    double sx = 0, sy = 0;
    for (int i = 0; i < PB_MG_MAX; i++) {
        ck_assert_msg(s->row[i] >= 0 && (i < g->rows || s->row[i] == 0), "%s: row[%d] = %g", what,
                      i, s->row[i]);
        ck_assert_msg(s->col[i] >= 0 && (i < g->cols || s->col[i] == 0), "%s: col[%d] = %g", what,
                      i, s->col[i]);
        sx += s->row[i];
        sy += s->col[i];
    }
    ck_assert_msg(fabs(sx - 1) <= 1e-14 && fabs(sy - 1) <= 1e-14, "%s: mixes sum to %.17g, %.17g",
                  what, sx, sy);
    double e = pb_mg_exploitability(g, s->row, s->col);
    ck_assert_msg(memcmp(&e, &s->exploit, sizeof e) == 0, "%s: exploit %g, recomputed %g", what,
                  s->exploit, e);
    double scale = max_abs(g);
    ck_assert_msg(e <= 1e-13 * scale, "%s: exploitability %g (max |a| %g)", what, e, scale);
    double v = 0;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++)
            v += s->row[i] * g->a[i][j] * s->col[j];
    ck_assert_msg(fabs(v - s->value) <= 1e-14 * fmax(scale, 1e-300), "%s: value %.17g, x'Ay %.17g",
                  what, s->value, v);
    double lo = pb_mg_maximin(g), hi = pb_mg_minimax(g), slack = 1e-14 * scale;
    ck_assert_msg(lo <= hi, "%s: maximin %g > minimax %g", what, lo, hi);
    ck_assert_msg(lo - slack <= s->value && s->value <= hi + slack,
                  "%s: value %.17g outside [maximin %.17g, minimax %.17g]", what, s->value, lo, hi);
    /* guarantee and concede: min_j (x'A)_j and max_i (Ay)_i, summed as the exploitability does
     * (the game solver's certificate reads them instead of summing again) */
    double gmin = INFINITY, cmax = -INFINITY;
    for (int j = 0; j < g->cols; j++) {
        double c = 0;
        for (int i = 0; i < g->rows; i++)
            c += s->row[i] * g->a[i][j];
        gmin = c < gmin ? c : gmin;
    }
    for (int i = 0; i < g->rows; i++) {
        double r = 0;
        for (int j = 0; j < g->cols; j++)
            r += g->a[i][j] * s->col[j];
        cmax = r > cmax ? r : cmax;
    }
    ck_assert_msg(gmin == s->guarantee && cmax == s->concede, "%s: guarantee %.17g (%.17g), concede %.17g (%.17g)",
                  what, s->guarantee, gmin, s->concede, cmax);
    pb_mg_solution again;
    ck_assert_int_eq(pb_mg_solve(g, &again), 0);
    ck_assert_msg(memcmp(&again, s, sizeof again) == 0, "%s: a second solve differs", what);
}

static pb_mg_solution solve_ok(const pb_mg_game *g, const char *what)
{
    pb_mg_solution s;
    ck_assert_msg(pb_mg_solve(g, &s) == 0, "%s: pb_mg_solve failed", what);
    check_solution(g, &s, what);
    return s;
}

static void expect_mix(const double *got, const double *want, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        ck_assert_msg(fabs(got[i] - want[i]) <= 1e-14, "%s: [%d] = %.17g, want %.17g", what, i,
                      got[i], want[i]);
}

static void expect_value(const pb_mg_solution *s, double want, double tol, const char *what)
{
    ck_assert_msg(fabs(s->value - want) <= tol, "%s: value %.17g, want %.17g", what, s->value,
                  want);
}

START_TEST(test_matching_pennies)
{
    /* [[1,-1],[-1,1]]: against y = (1/2, 1/2) both rows pay 0, and symmetrically; value 0 */
    const double a[] = {1, -1, -1, 1}, half[] = {0.5, 0.5};
    pb_mg_game g = make(2, 2, a);
    pb_mg_solution s = solve_ok(&g, "pennies");
    expect_value(&s, 0, 1e-15, "pennies");
    expect_mix(s.row, half, 2, "pennies row");
    expect_mix(s.col, half, 2, "pennies col");
    ck_assert(pb_mg_maximin(&g) == -1 && pb_mg_minimax(&g) == 1);
}
END_TEST

START_TEST(test_three_one_two_four)
{
    /* [[3,1],[2,4]]: no saddle (maximin max(1,2) = 2 < minimax min(3,4) = 3). Row mix (p, 1-p)
     * equalizes the columns: 3p + 2(1-p) = p + 4(1-p), p = 1/2. Column mix (q, 1-q) equalizes the
     * rows: 3q + (1-q) = 2q + 4(1-q), q = 3/4. Value 3 * 3/4 + 1/4 = 5/2. */
    const double a[] = {3, 1, 2, 4}, x[] = {0.5, 0.5}, y[] = {0.75, 0.25};
    pb_mg_game g = make(2, 2, a);
    pb_mg_solution s = solve_ok(&g, "3124");
    expect_value(&s, 2.5, 1e-15, "3124");
    expect_mix(s.row, x, 2, "3124 row");
    expect_mix(s.col, y, 2, "3124 col");
    ck_assert(pb_mg_maximin(&g) == 2 && pb_mg_minimax(&g) == 3);

    /* the exploitability of other pairs: x = (1,0), y = (1/2,1/2): x'Ay = 2, Ay = (2, 3),
     * x'A = (3, 1): max(3 - 2, 2 - 1) = 1 */
    const double x1[] = {1, 0}, y1[] = {0.5, 0.5};
    ck_assert(pb_mg_exploitability(&g, x1, y1) == 1);
    ck_assert(pb_mg_exploitability(&g, x, y) == 0);

    /* from a guess of the supports: both rows and columns equalize to the pair above, exactly
     * (guarantee = concede = 5/2); a pure guess is refused (no saddle point), out unchanged */
    pb_mg_solution w, before;
    memset(&w, 0x5a, sizeof w);
    before = w;
    ck_assert_int_eq(pb_mg_solve_support(&g, 1e-13, (pb_mg_support){1, 1}, &w), 0);
    ck_assert(memcmp(&w, &before, sizeof w) == 0);
    ck_assert_int_eq(pb_mg_solve_support(&g, 1e-13, (pb_mg_support){3, 3}, &w), 1);
    expect_mix(w.row, x, 2, "3124 guessed row");
    expect_mix(w.col, y, 2, "3124 guessed col");
    ck_assert(w.exploit == 0 && w.guarantee == 2.5 && w.concede == 2.5);
    pb_mg_support h;
    pb_mg_support_of(&w, 2, 2, &h);
    ck_assert(h.rows == 3 && h.cols == 3);
}
END_TEST

START_TEST(test_rock_paper_scissors)
{
    /* every row and column of the cyclic [[0,-1,1],[1,0,-1],[-1,1,0]] sums to 0: thirds
     * equalize everything at 0, and the equilibrium is unique (the game is nonsingular on the
     * simplex: any other mix loses to a pure reply) */
    const double a[] = {0, -1, 1, 1, 0, -1, -1, 1, 0}, third[] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
    pb_mg_game g = make(3, 3, a);
    pb_mg_solution s = solve_ok(&g, "rps");
    expect_value(&s, 0, 1e-15, "rps");
    expect_mix(s.row, third, 3, "rps row");
    expect_mix(s.col, third, 3, "rps col");
}
END_TEST

START_TEST(test_saddle_point)
{
    /* [[4,2,5],[3,1,0],[6,2,7]]: row minima 2, 0, 2 (maximin 2: rows 0 and 2), column maxima
     * 6, 2, 7 (minimax 2: column 1). A saddle point: the first maximin row against the first
     * minimax column, exactly. */
    const double a[] = {4, 2, 5, 3, 1, 0, 6, 2, 7}, x[] = {1, 0, 0}, y[] = {0, 1, 0};
    pb_mg_game g = make(3, 3, a);
    pb_mg_solution s;
    ck_assert_int_eq(pb_mg_solve_path(&g, &s), PB_MG_PATH_SADDLE);
    check_solution(&g, &s, "saddle");
    ck_assert(s.value == 2 && s.exploit == 0);
    expect_mix(s.row, x, 3, "saddle row");
    expect_mix(s.col, y, 3, "saddle col");
}
END_TEST

START_TEST(test_dominated_row)
{
    /* [[3,1],[2,4],[1,0]]: row 2 is strictly dominated by row 0 (1 < 3, 0 < 1), so the game is
     * [[3,1],[2,4]] again: value 5/2, x = (1/2, 1/2, 0), y = (3/4, 1/4) */
    const double a[] = {3, 1, 2, 4, 1, 0}, x[] = {0.5, 0.5, 0}, y[] = {0.75, 0.25};
    pb_mg_game g = make(3, 2, a);
    pb_mg_solution s = solve_ok(&g, "dominated");
    expect_value(&s, 2.5, 1e-15, "dominated");
    expect_mix(s.row, x, 3, "dominated row");
    expect_mix(s.col, y, 2, "dominated col");
}
END_TEST

START_TEST(test_one_row_one_column_all_equal)
{
    /* 1 x 3: the row player has no choice; the column player takes the smallest, -1 (col 1) */
    const double r[] = {3, -1, 2}, y[] = {0, 1, 0}, one[] = {1};
    pb_mg_game g = make(1, 3, r);
    pb_mg_solution s = solve_ok(&g, "1x3");
    ck_assert(s.value == -1 && s.exploit == 0);
    expect_mix(s.row, one, 1, "1x3 row");
    expect_mix(s.col, y, 3, "1x3 col");

    /* 3 x 1: the row player takes the largest, 3 (row 0) */
    g = make(3, 1, r);
    s = solve_ok(&g, "3x1");
    ck_assert(s.value == 3 && s.exploit == 0);
    ck_assert(s.row[0] == 1 && s.col[0] == 1);

    /* 1 x 1 */
    const double single[] = {-7.25};
    g = make(1, 1, single);
    s = solve_ok(&g, "1x1");
    ck_assert(s.value == -7.25 && s.exploit == 0);

    /* all equal: everything is optimal, value 1.5, exploitability exactly 0 */
    const double flat[] = {1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5};
    g = make(3, 4, flat);
    s = solve_ok(&g, "all equal");
    ck_assert(s.value == 1.5 && s.exploit == 0);

    /* all zero, 8 x 8 (the largest size) */
    const double zero[64] = {0};
    g = make(8, 8, zero);
    s = solve_ok(&g, "all zero");
    ck_assert(s.value == 0 && s.exploit == 0);
}
END_TEST

START_TEST(test_duplicates)
{
    /* [[3,1,1],[2,4,4],[3,1,1]]: rows 0 and 2 and columns 1 and 2 are equal, so this is
     * [[3,1],[2,4]] with the weights of equal strategies split any way: value 5/2,
     * x0 + x2 = 1/2, x1 = 1/2, y0 = 3/4, y1 + y2 = 1/4 */
    const double a[] = {3, 1, 1, 2, 4, 4, 3, 1, 1};
    pb_mg_game g = make(3, 3, a);
    pb_mg_solution s = solve_ok(&g, "duplicates");
    expect_value(&s, 2.5, 1e-15, "duplicates");
    ck_assert(fabs(s.row[0] + s.row[2] - 0.5) <= 1e-15 && fabs(s.row[1] - 0.5) <= 1e-15);
    ck_assert(fabs(s.col[0] - 0.75) <= 1e-15 && fabs(s.col[1] + s.col[2] - 0.25) <= 1e-15);

    /* a Field Goal row (constant 3) and a Punt row (constant 1) and a duplicated defense
     * (columns 1 and 2):
     *   2 5 5 -1      row minima -1, 3, 1, 0: maximin 3 (row 1)
     *   3 3 3  3      column maxima 6, 5, 5, 3: minimax 3 (column 3)
     *   1 1 1  1
     *   6 0 0  2      a saddle point at (row 1, column 3), value 3 */
    const double fg[] = {2, 5, 5, -1, 3, 3, 3, 3, 1, 1, 1, 1, 6, 0, 0, 2};
    g = make(4, 4, fg);
    s = solve_ok(&g, "field goal");
    ck_assert(s.value == 3 && s.exploit == 0 && s.row[1] == 1 && s.col[3] == 1);
}
END_TEST

START_TEST(test_five_by_five)
{
    /* Diagonal game diag(1,2,3,4,6): against y, row i earns d_i y_i; equalizing gives
     * y_i = v / d_i with sum 1: v = 1 / (1 + 1/2 + 1/3 + 1/4 + 1/6) = 1 / (9/4) = 4/9, and the
     * same for x. Fully mixed, unique (the diagonal is nonsingular and every y_i > 0). */
    double d[25] = {0};
    const double diag[] = {1, 2, 3, 4, 6};
    for (int i = 0; i < 5; i++)
        d[i * 5 + i] = diag[i];
    const double mix[] = {4.0 / 9, 2.0 / 9, 4.0 / 27, 1.0 / 9, 2.0 / 27};
    pb_mg_game g = make(5, 5, d);
    pb_mg_solution s = solve_ok(&g, "diagonal");
    expect_value(&s, 4.0 / 9, 1e-15, "diagonal");
    expect_mix(s.row, mix, 5, "diagonal row");
    expect_mix(s.col, mix, 5, "diagonal col");

    /* [[3,1] [2,4]] in a 5 x 5 with dominated strategies:
     *   3   1   5   4   3.5
     *   2   4   6   4.5 4
     *   1   0   4   0   2      < row 0 everywhere
     *   2.5 0.5 3   2   1      < row 0 everywhere
     *   1.5 1   0   1   0      < row 1 everywhere
     * Rows 2..4 are strictly dominated; then columns 2..4 are strictly dominated by column 0
     * on rows 0..1 ((5,6), (4,4.5), (3.5,4) > (3,2)). Iterated strict dominance keeps every
     * equilibrium, so the unique one is 3124's: x = (1/2,1/2,0,0,0), y = (3/4,1/4,0,0,0),
     * value 5/2. Check: x'A = (2.5, 2.5, 5.5, 4.25, 3.75) >= 5/2 and
     * Ay = (2.5, 2.5, 0.75, 2, 1.375) <= 5/2. */
    const double a[] = {3,   1,   5, 4,   3.5, 2,   4, 6, 4.5, 4, 1,   0, 4,
                        0,   2,   2.5, 0.5, 3, 2,   1, 1.5, 1, 0, 1,   0};
    const double x[] = {0.5, 0.5, 0, 0, 0}, y[] = {0.75, 0.25, 0, 0, 0};
    g = make(5, 5, a);
    s = solve_ok(&g, "5x5 dominated");
    expect_value(&s, 2.5, 1e-15, "5x5 dominated");
    expect_mix(s.row, x, 5, "5x5 dominated row");
    expect_mix(s.col, y, 5, "5x5 dominated col");

    /* circulant a[i][j] = c[(j - i) mod 5], c = (4, -2, 1, 3, -1): every row and column sums to
     * 5, so the uniform mixes equalize both sides at 5/5 = 1: value 1 */
    const double c[] = {4, -2, 1, 3, -1};
    double circ[25];
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            circ[i * 5 + j] = c[(j - i + 5) % 5];
    g = make(5, 5, circ);
    s = solve_ok(&g, "circulant");
    expect_value(&s, 1, 1e-14, "circulant");
}
END_TEST

START_TEST(test_scale_and_malformed)
{
    /* scaling by any positive factor scales the value and keeps the mixes */
    const double a[] = {3, 1, 2, 4}, x[] = {0.5, 0.5}, y[] = {0.75, 0.25};
    const double factors[] = {1e-300, 1e-200, 1e200, 1e300};
    for (int k = 0; k < 4; k++) {
        double b[4];
        for (int i = 0; i < 4; i++)
            b[i] = a[i] * factors[k];
        pb_mg_game g = make(2, 2, b);
        pb_mg_solution s = solve_ok(&g, "scaled");
        ck_assert_msg(fabs(s.value / factors[k] - 2.5) <= 1e-14, "factor %g: value %g",
                      factors[k], s.value);
        expect_mix(s.row, x, 2, "scaled row");
        expect_mix(s.col, y, 2, "scaled col");
    }

    pb_mg_game g = make(2, 2, a);
    pb_mg_solution s;
    const int dims[][2] = {{0, 2}, {2, 0}, {9, 2}, {2, 9}, {-1, 1}};
    for (int k = 0; k < 5; k++) {
        g.rows = dims[k][0];
        g.cols = dims[k][1];
        ck_assert_int_eq(pb_mg_solve(&g, &s), -1);
        ck_assert_int_eq(pb_mg_solve_exact(&g, &s), -1);
        ck_assert(isnan(pb_mg_maximin(&g)) && isnan(pb_mg_minimax(&g)));
        ck_assert(isnan(pb_mg_exploitability(&g, x, y)));
    }
    g = make(2, 2, a);
    g.a[1][0] = NAN;
    ck_assert_int_eq(pb_mg_solve(&g, &s), -1);
    g.a[1][0] = -INFINITY;
    ck_assert_int_eq(pb_mg_solve(&g, &s), -1);
    ck_assert_int_eq(pb_mg_solve(NULL, &s), -1);
}
END_TEST

/* ---- random games ---- */

static double uniform(pb_rng *r)
{
    return (double)(pb_rng_next(r) >> 11) * 0x1p-53;
}

/* A random game: 1..5 x 1..5 (or 5 x 5), entries in [-8, 8] of one of several kinds, some of
 * them built to be degenerate. kind: 0 continuous, 1 integers, 2 quarters, 3 a duplicated row
 * and column, 4 a constant row (a field goal) and a duplicated column, 5 integers with a row and
 * a column duplicated up to multiples of 1e-10 (near-ties and nearly singular bases, which
 * sometimes send the double simplex to its double-double try), 6 entries in {0, 1}. */
static pb_mg_game random_game(pb_rng *r, int kind, int square)
{
    pb_mg_game g;
    memset(&g, 0, sizeof g);
    g.rows = square ? 5 : 1 + (int)pb_rng_below(r, 5);
    g.cols = square ? 5 : 1 + (int)pb_rng_below(r, 5);
    for (int i = 0; i < g.rows; i++)
        for (int j = 0; j < g.cols; j++) {
            double v = -8 + 16 * uniform(r);
            if (kind == 1 || kind == 4 || kind == 5)
                v = round(v);
            else if (kind == 2)
                v = round(v * 4) / 4;
            else if (kind == 6)
                v = (double)pb_rng_below(r, 2);
            g.a[i][j] = v;
        }
    int m = g.rows, n = g.cols;
    if ((kind == 3 || kind == 5) && m > 1) {
        int from = (int)pb_rng_below(r, (uint32_t)m), to = (int)pb_rng_below(r, (uint32_t)m);
        for (int j = 0; j < n; j++)
            g.a[to][j] = g.a[from][j] + (kind == 5 ? 1e-10 * ((int)pb_rng_below(r, 9) - 4) : 0);
    }
    if ((kind == 3 || kind == 4 || kind == 5) && n > 1) {
        int from = (int)pb_rng_below(r, (uint32_t)n), to = (int)pb_rng_below(r, (uint32_t)n);
        for (int i = 0; i < m; i++)
            g.a[i][to] = g.a[i][from] + (kind == 5 ? 1e-10 * ((int)pb_rng_below(r, 9) - 4) : 0);
    }
    if (kind == 4) {
        double c = round(-8 + 16 * uniform(r));
        for (int j = 0; j < n; j++)
            g.a[0][j] = c;
    }
    return g;
}

START_TEST(test_random_games)
{
    pb_rng r;
    pb_rng_seed(&r, 20240611, 1);
    int paths[4] = {0};
    double worst = 0;
    for (int t = 0; t < 2000; t++) {
        pb_mg_game g = random_game(&r, t % 7, t % 3 == 0);
        char what[64];
        snprintf(what, sizeof what, "random game %d (kind %d)", t, t % 7);
        pb_mg_solution s;
        int path = pb_mg_solve_path(&g, &s);
        ck_assert_msg(path >= PB_MG_PATH_SADDLE && path <= PB_MG_PATH_EXACT, "%s: path %d", what,
                      path);
        paths[path]++;
        check_solution(&g, &s, what);
        worst = fmax(worst, s.exploit);
        /* the exact rational simplex (every 8th game: it is slow) agrees on the value */
        if (t % 8 == 0) {
            pb_mg_solution e;
            ck_assert_int_eq(pb_mg_solve_exact(&g, &e), 0);
            ck_assert_msg(fabs(e.value - s.value) <= 1e-13 * fmax(max_abs(&g), 1),
                          "%s: exact %.17g, solve %.17g", what, e.value, s.value);
            ck_assert_msg(e.exploit <= 1e-13 * max_abs(&g), "%s: exact path exploit %g", what,
                          e.exploit);
        }
    }
    /* both main paths were taken (test_dd_path and test_exact_fallback take the others) */
    ck_assert_msg(paths[PB_MG_PATH_SADDLE] > 200 && paths[PB_MG_PATH_SIMPLEX] > 200,
                  "paths: saddle %d, simplex %d, dd %d, exact %d", paths[0], paths[1], paths[2],
                  paths[3]);
    ck_assert_double_le(worst, 1e-12);
}
END_TEST

/* pb_mg_solve_loose: mixes that are distributions, exploitability within the tolerance asked
 * (or the rounding level), the value within it of pb_mg_solve's; the same bits twice; and the
 * malformed games refused. Most non-saddle games take the tableau's mixes, unpolished. */
START_TEST(test_loose)
{
    pb_rng r;
    pb_rng_seed(&r, 20261124, 1);
    const double tol = 1e-13;
    for (int t = 0; t < 2000; t++) {
        pb_mg_game g = random_game(&r, t % 7, t % 3 == 0);
        pb_mg_solution s, again, full;
        ck_assert_int_eq(pb_mg_solve_loose(&g, tol, &s), 0);
        ck_assert_int_eq(pb_mg_solve_loose(&g, tol, &again), 0);
        ck_assert_msg(memcmp(&s, &again, sizeof s) == 0, "game %d: a second loose solve differs", t);
        double sx = 0, sy = 0;
        for (int i = 0; i < PB_MG_MAX; i++) {
            ck_assert(s.row[i] >= 0 && s.col[i] >= 0);
            sx += s.row[i];
            sy += s.col[i];
        }
        ck_assert_msg(fabs(sx - 1) <= 1e-14 && fabs(sy - 1) <= 1e-14, "game %d: sums %.17g %.17g", t, sx, sy);
        double e = pb_mg_exploitability(&g, s.row, s.col), scale = fmax(max_abs(&g), 1e-300);
        ck_assert_msg(memcmp(&e, &s.exploit, sizeof e) == 0, "game %d: exploit", t);
        ck_assert_msg(e <= fmax(tol, 40 * 2.220446049250313e-16 * scale), "game %d: exploitability %g", t, e);
        ck_assert_int_eq(pb_mg_solve(&g, &full), 0);
        ck_assert_msg(fabs(full.value - s.value) <= tol + 1e-13 * scale, "game %d: loose %.17g, full %.17g", t,
                      s.value, full.value);
    }
    pb_mg_game bad = {0, 5, {{0}}};
    pb_mg_solution s;
    ck_assert_int_eq(pb_mg_solve_loose(&bad, tol, &s), -1);
    bad.rows = 3;
    bad.a[1][2] = NAN;
    ck_assert_int_eq(pb_mg_solve_loose(&bad, tol, &s), -1);
}
END_TEST

/* pb_mg_solve_warm: a run of games, each a small perturbation of the last (as a layer's snaps
 * are), solved from the last one's supports. Every pair it returns has mixes >= 0 summing to 1,
 * an exploitability within the tolerance, and the value of the full solve; a guess that is wrong
 * (another support, or one that is not square) falls back to the full solve. Most games of such
 * runs take the guess: the hint stays the same. Checked: rock-paper-scissors from the hint {all
 * rows, all columns} is (1/3, 1/3, 1/3) by the linear systems alone. */
START_TEST(test_warm)
{
    pb_rng r;
    pb_rng_seed(&r, 20261125, 1);
    const double tol = 1e-13;
    int kept = 0, runs = 0;
    for (int t = 0; t < 200; t++) {
        pb_mg_game g = random_game(&r, t % 7, 0);
        pb_mg_support hint = {0, 0};
        for (int step = 0; step < 20; step++, runs++) {
            for (int i = 0; i < g.rows; i++)
                for (int j = 0; j < g.cols; j++)
                    g.a[i][j] += 1e-4 * (uniform(&r) - 0.5);
            pb_mg_support before = hint;
            pb_mg_solution s, full;
            ck_assert_int_eq(pb_mg_solve_warm(&g, tol, &hint, &s), 0);
            kept += step > 0 && before.rows == hint.rows && before.cols == hint.cols;
            double sx = 0, sy = 0;
            for (int i = 0; i < PB_MG_MAX; i++) {
                ck_assert(s.row[i] >= 0 && s.col[i] >= 0);
                sx += s.row[i];
                sy += s.col[i];
            }
            double scale = fmax(max_abs(&g), 1e-300);
            ck_assert_msg(fabs(sx - 1) <= 1e-13 && fabs(sy - 1) <= 1e-13, "game %d.%d: sums %.17g %.17g", t, step, sx, sy);
            double e = pb_mg_exploitability(&g, s.row, s.col);
            ck_assert_msg(e <= fmax(tol, 40 * 2.220446049250313e-16 * scale), "game %d.%d: exploitability %g", t, step, e);
            ck_assert_int_eq(pb_mg_solve(&g, &full), 0);
            ck_assert_msg(fabs(full.value - s.value) <= 2 * tol + 1e-13 * scale, "game %d.%d: warm %.17g, full %.17g", t,
                          step, s.value, full.value);
        }
    }
    ck_assert_msg(kept > runs / 2, "the guess was kept in %d of %d games", kept, runs);
    /* a wrong guess: rows {0} against columns {0, 1} is not square; {0} x {0} is no saddle */
    const double rps[] = {0, -1, 1, 1, 0, -1, -1, 1, 0};
    pb_mg_game g = make(3, 3, rps);
    pb_mg_solution s;
    pb_mg_support wrong = {1, 3}, pure = {1, 1}, all = {7, 7};
    ck_assert_int_eq(pb_mg_solve_warm(&g, tol, &wrong, &s), 0);
    ck_assert(fabs(s.row[0] - 1.0 / 3) < 1e-15 && fabs(s.col[2] - 1.0 / 3) < 1e-15);
    ck_assert_uint_eq(wrong.rows, 7);
    ck_assert_int_eq(pb_mg_solve_warm(&g, tol, &pure, &s), 0);
    ck_assert(fabs(s.value) < 1e-15 && pure.rows == 7 && pure.cols == 7);
    ck_assert_int_eq(pb_mg_solve_warm(&g, tol, &all, &s), 0);
    for (int i = 0; i < 3; i++)
        ck_assert(fabs(s.row[i] - 1.0 / 3) < 1e-15 && fabs(s.col[i] - 1.0 / 3) < 1e-15);
    pb_mg_game bad = {0, 5, {{0}}};
    ck_assert_int_eq(pb_mg_solve_warm(&bad, tol, &all, &s), -1);
}
END_TEST

/* nearly equal rows and columns (1e-10 apart): in the double simplex a basis holding both
 * of the nearly equal rows pivots on about 1e-10 and the tableau loses 10 digits, so its final
 * basis fails the check; the double-double simplex solves it. lrsnash confirms the value. */
START_TEST(test_dd_path)
{
    const double a[] = {8, -5, -5.0000000002, 8.0000000003, -5.0000000004, -5.0000000002,
                        -7, 6, 5.9999999998};
    pb_mg_game g = make(3, 3, a);
    pb_mg_solution s;
    int path = pb_mg_solve_path(&g, &s);
    check_solution(&g, &s, "near-ties");
    ck_assert_msg(path == PB_MG_PATH_DD,
                  "path %d: this game no longer takes the double-double path; pick another", path);
    double lv;
    char err[512];
    ck_assert_msg(pb_test_lrsnash_value(&g, &lv, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fabs(lv - s.value) <= 1e-14, "lrsnash %.17g, solve %.17g", lv, s.value);
}
END_TEST

/* nearly equal rows and nearly equal columns at once (1e-13 apart): the 2 x 2 block they make
 * is singular to second order, beyond the double-double simplex; the exact fallback solves it */
START_TEST(test_exact_fallback)
{
    const double a[] = {-2.3739794782417363, 1.0396365465842052, 1.0396365465842463,
                        -2.3739794782416297, 1.039636546584203,  1.0396365465841582,
                        6.9412337565812017,  -6.6893902297200416, -6.6893902297200523};
    pb_mg_game g = make(3, 3, a);
    pb_mg_solution s, e;
    int path = pb_mg_solve_path(&g, &s);
    check_solution(&g, &s, "near-singular");
    ck_assert_msg(path == PB_MG_PATH_EXACT,
                  "path %d: this game no longer reaches the exact fallback; pick another", path);
    ck_assert_int_eq(pb_mg_solve_exact(&g, &e), 0);
    ck_assert(memcmp(&e, &s, sizeof e) == 0);
    double lv;
    char err[512];
    ck_assert_msg(pb_test_lrsnash_value(&g, &lv, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fabs(lv - s.value) <= 1e-14, "lrsnash %.17g, solve %.17g", lv, s.value);
}
END_TEST

/* ---- lrsnash ---- */

static double lrs_value(const pb_mg_game *g)
{
    double v = NAN;
    char err[512];
    ck_assert_msg(pb_test_lrsnash_value(g, &v, err, sizeof err) == 0,
                  "lrsnash is required for this test: %s", err);
    return v;
}

START_TEST(test_lrsnash_hand_games)
{
    /* the helper itself on known values: pennies 0, 3124 5/2, a saddle point 2 */
    const double pennies[] = {1, -1, -1, 1}, a3124[] = {3, 1, 2, 4},
                 saddle[] = {4, 2, 5, 3, 1, 0, 6, 2, 7}, third[] = {0.1, 1.0 / 3};
    pb_mg_game g = make(2, 2, pennies);
    ck_assert(lrs_value(&g) == 0);
    g = make(2, 2, a3124);
    ck_assert(lrs_value(&g) == 2.5);
    g = make(3, 3, saddle);
    ck_assert(lrs_value(&g) == 2);
    /* 1 x 2 [[0.1, 1/3]]: the doubles' exact rationals go through; value = the double 0.1 */
    g = make(1, 2, third);
    ck_assert(lrs_value(&g) == 0.1);
}
END_TEST

START_TEST(test_lrsnash_agreement)
{
    pb_rng r;
    pb_rng_seed(&r, 20240611, 2);
    double worst = 0;
    for (int t = 0; t < 98; t++) {
        pb_mg_game g = random_game(&r, t % 7, t % 2 == 0);
        pb_mg_solution s;
        ck_assert_int_eq(pb_mg_solve(&g, &s), 0);
        double v = lrs_value(&g);
        ck_assert_msg(fabs(v - s.value) <= 1e-9, "game %d (kind %d): lrsnash %.17g, solve %.17g",
                      t, t % 7, v, s.value);
        worst = fmax(worst, fabs(v - s.value));
    }
    ck_assert_double_le(worst, 1e-13);
}
END_TEST

Suite *pb_suite_matgame(void)
{
    Suite *s = suite_create("matgame");
    TCase *tc = tcase_create("matgame");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_matching_pennies);
    tcase_add_test(tc, test_three_one_two_four);
    tcase_add_test(tc, test_rock_paper_scissors);
    tcase_add_test(tc, test_saddle_point);
    tcase_add_test(tc, test_dominated_row);
    tcase_add_test(tc, test_one_row_one_column_all_equal);
    tcase_add_test(tc, test_duplicates);
    tcase_add_test(tc, test_five_by_five);
    tcase_add_test(tc, test_scale_and_malformed);
    tcase_add_test(tc, test_random_games);
    tcase_add_test(tc, test_loose);
    tcase_add_test(tc, test_warm);
    tcase_add_test(tc, test_dd_path);
    tcase_add_test(tc, test_exact_fallback);
    tcase_add_test(tc, test_lrsnash_hand_games);
    tcase_add_test(tc, test_lrsnash_agreement);
    suite_add_tcase(s, tc);
    return s;
}
