/* cli/diff_game.c: `paperbowl diff A B --game`: what a rule change does to the whole game under
 * equilibrium play (solve/wp.h): both games solved, then compared on the coin toss, the win
 * probability of a lead by cards left (half 2, 1st and 10 after a touchback), the two-point chart
 * (PAT or two, half 2) and the fourth-down chart (go / field goal / punt, half 2, tied and +-3,
 * at 4th and 1..10; recomputed from the headline where the game keeps no more, on every thread). A value counts as changed only as `diff --solve`
 * counts one: |B - A| > bound A + bound B (the certified bounds); a choice only when it differs and
 * both sides' margins exceed their bounds. Each value is printed with the digits that show its
 * change (6 at least). Exit status 1 when anything changes.
 *
 * Two steps: measure (a job per game: solve it and read the moments compared into `game_values`,
 * plain numbers that can travel between MPI's ranks: cli/spread.c solves A and B side by side in
 * the MPI build) and report (the comparison, printed from the two game_values alone). */
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diff_game.h"
#include "solve_game.h"
#include "enumerate.h"
#include "spread.h"
#include "wp.h"
#include "wp_file.h"
#include "workers.h"

#define NLEFT 5
#define NLEAD 7
#define MAX_P 64          /* cards per half (the solver's bound) */
#define NTOGO 99
#define TWO_LO (-15)      /* two-point chart: leads -15..9 */
#define NTWO 25

static const int leads[NLEAD] = {-14, -7, -3, 0, 3, 7, 14};

typedef struct {
    int ok;
    pb_wp_value v;
} value_at;

typedef struct {
    int ok;
    double two, pat, bound;
} try_at;

typedef struct {
    int ok, best;
    double go, fg, punt, radius;
} fourth_at;

typedef struct {
    int P, lead_cap;
    value_at coin;
    value_at ot_coin;   /* the overtime's toss (OT=sudden-death), else not ok */
    value_at wp[NLEFT][NLEAD];
    try_at two[MAX_P][NTWO];
    fourth_at fourth[2][3][NTOGO][10];   /* [P/2 or 4 left][lead -3, 0, 3][togo - 1][ytg - 1] */
} game_values;

typedef struct {
    const pb_ruleset *rs[2];
    const pb_policies *pol;
    int threads, lead_cap;
} diff_job;

/* fprintf, or nothing when out is NULL (the ranks but 0 count the changes without printing) */
static void say(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(FILE *out, const char *fmt, ...)
{
    if (!out)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
}

int pb_cli_diff_game_changed(const pb_wp_value *a, const pb_wp_value *b)
{
    return fabs(b->wp - a->wp) > a->bound + b->bound;
}

int pb_cli_diff_game_digits(double a, double b)
{
    int d = 6;
    while (d < 15 && a != b && fabs(b - a) < pow(10, -d))
        d++;
    return d;
}


/* The cards-left values compared: P, P / 2, 10, 4, 1, each once (0: left out, beyond the half or
 * already listed). */
static void lefts_of(int P, int *lefts)
{
    int l[NLEFT] = {P, P / 2, 10, 4, 1};
    for (int i = 0; i < NLEFT; i++) {
        lefts[i] = l[i] >= 1 && l[i] <= P ? l[i] : 0;
        for (int k = 0; k < i; k++)
            if (lefts[k] == lefts[i])
                lefts[i] = 0;
    }
}

static double game_bytes(const pb_ruleset *rs, int lead_cap)
{
    return 3.0 * (2 * pb_wp_lead_cap_for(rs, lead_cap) + 1) * (rs->sw.timeouts + 1) *
           (rs->sw.timeouts + 1) * (2.0 * rs->plays_per_quarter + 9) * rs->downs * 4950 * 8;
}

/* The fourth-down chart's moments, shared by `threads` threads from an atomic counter: on a game
 * whose file keeps only the headline each is recomputed (solve/wp_moment.c), the bulk of the
 * comparison's time. Each moment writes its own slot: the same values for any thread count. */
typedef struct {
    const pb_wp *w;
    game_values *g;
    int T;
    atomic_int next;
} fourth_job;

#define NFOURTH (2 * 3 * NTOGO * 10)

static void *fourth_worker(void *arg)
{
    fourth_job *fj = arg;
    char err[256];
    int P = fj->g->P;
    for (;;) {
        int k = atomic_fetch_add(&fj->next, 1);
        if (k >= NFOURTH)
            return NULL;
        int y = k % 10 + 1, t = k / 10 % NTOGO + 1, si = k / (10 * NTOGO) % 3, li = k / (30 * NTOGO);
        if (y > t)
            continue;
        pb_wp_moment m = {PB_WP_SNAP, 2, li ? 4 : P / 2, 0, 3 * si - 3, fj->T, fj->T, 0, t, 4, y};
        pb_wp_detail d;
        fourth_at *x = &fj->g->fourth[li][si][t - 1][y - 1];
        x->ok = pb_wp_detail_at(fj->w, &m, &d, err, sizeof err) == 0;
        if (x->ok) {
            x->go = d.go;
            x->fg = d.fg;
            x->punt = d.punt;
            x->best = (int)d.best;
            x->radius = d.radius;
        }
    }
}

static void read_values(const pb_wp *w, const pb_ruleset *rs, int threads, game_values *g)
{
    char err[256];
    int P = pb_wp_cards_per_half(w), T = rs->sw.timeouts, tb = rs->touchback_togo, lefts[NLEFT];
    g->P = P;
    g->lead_cap = pb_wp_lead_cap(w);
    pb_wp_moment open = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    g->coin.ok = pb_wp_value_at(w, &open, &g->coin.v, err, sizeof err) == 0 && g->coin.v.stored;
    pb_wp_moment ot = {PB_WP_KICKOFF, 3, P / 2, 0, 0, T, T, 0, 0, 0, 0};
    g->ot_coin.ok = rs->sw.overtime == PB_OT_SUDDEN_DEATH && pb_wp_value_at(w, &ot, &g->ot_coin.v, err, sizeof err) == 0 &&
                    g->ot_coin.v.stored;
    lefts_of(P, lefts);
    for (int i = 0; i < NLEFT; i++)
        for (int j = 0; j < NLEAD; j++) {
            value_at *x = &g->wp[i][j];
            pb_wp_moment m = {PB_WP_SNAP, 2, lefts[i], 0, leads[j], T, T, 0, tb, 1, tb < 10 ? tb : 10};
            x->ok = lefts[i] >= 1 && lefts[i] <= P && pb_wp_value_at(w, &m, &x->v, err, sizeof err) == 0 &&
                    x->v.stored;
        }
    for (int left = 0; left < P && left < MAX_P; left++)
        for (int k = 0; k < NTWO; k++) {
            pb_wp_moment m = {PB_WP_TRY, 2, left, 0, TWO_LO + k, T, T, 0, 0, 0, 0};
            pb_wp_detail d;
            try_at *x = &g->two[left][k];
            x->ok = pb_wp_detail_at(w, &m, &d, err, sizeof err) == 0;
            if (x->ok) {
                x->two = d.two;
                x->pat = d.pat;
                x->bound = d.value.bound;
            }
        }
    fourth_job fj = {w, g, T, 0};
    pb_workers_run(threads, fourth_worker, &fj);
}

/* Job k: game A (0) or B (1), solved on this rank alone, every state kept when it fits. */
static int measure(void *ctx, int k, void *result, char *err, size_t errlen)
{
    const diff_job *j = ctx;
    pb_wp_opts o = {j->rs[k], *j->pol, j->threads, j->lead_cap, 0, NULL, 0, 0};
    o.keep_all = game_bytes(j->rs[k], j->lead_cap) <= 2.0 * (1u << 30);
    pb_wp *w = NULL;
    char why[400];
    if (pb_wp_solve(&w, &o, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", k ? "B" : "A", why);
        return -1;
    }
    read_values(w, j->rs[k], j->threads, result);
    pb_wp_free(w);
    return 0;
}

/* A side's value and bound in a table's columns ("none" where its game has no such moment). */
static void side(char *buf, size_t n, int d, const value_at *x)
{
    if (x->ok)
        snprintf(buf, n, "%*.*f %8.1e", d + 2, d, x->v.wp, x->v.bound);
    else
        snprintf(buf, n, "%*s %8s", d + 2, "none", "");
}

static void value_header(FILE *out, const char *what, int d)
{
    say(out, "  %-18s %*s %8s  %*s %8s  %*s %9s\n", what, d + 2, "A", "bound A", d + 2, "B", "bound B", d + 3, "B - A",
        "bound A+B");
}

/* A row: A and its bound, B and its bound, the change and what it must exceed to count. */
static void value_row(FILE *out, const char *label, int d, const value_at *a, const value_at *b, int changed)
{
    char sa[64], sb[64], sd[64] = "";
    side(sa, sizeof sa, d, a);
    side(sb, sizeof sb, d, b);
    if (a->ok && b->ok)
        snprintf(sd, sizeof sd, "  %+*.*f %9.1e", d + 3, d, b->v.wp - a->v.wp, a->v.bound + b->v.bound);
    else
        snprintf(sd, sizeof sd, "%*s", d + 15, "");
    say(out, "  %-18s %s  %s%s%s\n", label, sa, sb, sd, changed ? "  CHANGED" : "");
}

/* The decimals of a table: enough for the change of each row (6 at least). */
static int table_digits(int d, const value_at *a, const value_at *b)
{
    if (!a->ok || !b->ok)
        return d;
    int e = pb_cli_diff_game_digits(a->v.wp, b->v.wp);
    return e > d ? e : d;
}

/* A fourth-down choice: its best and its margin over the next best; certain when the margin
 * exceeds the two values' bounds (2 x radius). */
static double margin_of(const fourth_at *u)
{
    double a[3] = {u->go, u->fg, u->punt}, second = -INFINITY;
    for (int k = 0; k < 3; k++)
        if (k != u->best)
            second = fmax(second, a[k]);
    return a[u->best] - second;
}

typedef struct {
    int changed, close, checked;
    double narrow, narrow_bound;   /* the smallest margin of a listed change, and its bound */
} fourth_count;

/* The fourth-down chart at one cards-left value and lead: per 4th and ytg, the togos where the
 * choice changes (from -> to), as ranges. */
static void fourth_block(FILE *out, const game_values *x, const game_values *y, int li, int si, fourth_count *fc)
{
    static const char *const names[] = {"go", "field goal", "punt"};
    int head = 0;
    for (int yd = 1; yd <= 10; yd++) {
        int any = 0;
        for (int from = 0; from < 3; from++)
            for (int to = 0; to < 3; to++) {
                if (from == to)
                    continue;
                int togo[NTOGO], k = 0;
                for (int t = yd; t <= NTOGO; t++) {
                    const fourth_at *u = &x->fourth[li][si][t - 1][yd - 1], *v = &y->fourth[li][si][t - 1][yd - 1];
                    if (!u->ok || !v->ok || u->best != from || v->best != to)
                        continue;
                    double mu = margin_of(u), mv = margin_of(v);
                    if (mu > 2 * u->radius && mv > 2 * v->radius) {
                        togo[k++] = t;
                        if (fmin(mu, mv) < fc->narrow) {
                            fc->narrow = fmin(mu, mv);
                            fc->narrow_bound = mu < mv ? 2 * u->radius : 2 * v->radius;
                        }
                    } else
                        fc->close++;
                }
                if (!k)
                    continue;
                if (!fc->changed && !head)
                    say(out, "\nfourth down, half 2 (A -> B: the togos where the best choice changes; a choice "
                             "changes only when\nboth margins over the next best exceed their bounds):\n");
                if (!head++)
                    say(out, "  %d left, lead %+d:\n", li ? 4 : x->P / 2, 3 * si - 3);
                char r[800];
                pb_cli_ranges(togo, (size_t)k, r, sizeof r - 16);
                snprintf(r + strlen(r), 16, " (%d)", k);
                if (any++)
                    say(out, "; %s -> %s: togo %s", names[from], names[to], r);
                else
                    say(out, "    4th and %2d  %s -> %s: togo %s", yd, names[from], names[to], r);
                fc->changed += k;
            }
        if (any)
            say(out, "\n");
    }
    for (int t = 1; t <= NTOGO; t++)
        for (int yd = 1; yd <= 10 && yd <= t; yd++)
            fc->checked += x->fourth[li][si][t - 1][yd - 1].ok && y->fourth[li][si][t - 1][yd - 1].ok;
}

/* The comparison, printed to out (NULL: not printed); the number of changes. */
static int report(FILE *out, const pb_ruleset *a, const pb_ruleset *b, const char *const label[2], const game_values *x,
                  const game_values *y)
{
    int P = x->P, tb = a->touchback_togo, changes = 0, lefts[NLEFT];
    lefts_of(P, lefts);
    say(out, "diff --game: A = %s -> B = %s (%s -> %s)\n", label[0], label[1], a->source, b->source);
    say(out, "the whole game under equilibrium play (doc/solve.md, \"The game solver\"), lead cap +-%d; every\n"
             "value with its certified bound (half-width); a value changes only when |B - A| > bound A + bound B\n\n",
        x->lead_cap);

    int ot = x->ot_coin.ok || y->ot_coin.ok;   /* the overtime's toss: where a game has none, "none" */
    int dk = table_digits(6, &x->coin, &y->coin);
    if (ot)
        dk = table_digits(dk, &x->ot_coin, &y->ot_coin);
    say(out, "the kickoffs at 0-0 (the kicking team's win probability):\n");
    value_header(out, "kicking first", dk);
    int ch = pb_cli_diff_game_changed(&x->coin.v, &y->coin.v);
    value_row(out, "coin toss", dk, &x->coin, &y->coin, ch);
    changes += ch;
    if (ot) {
        ch = !x->ot_coin.ok || !y->ot_coin.ok || pb_cli_diff_game_changed(&x->ot_coin.v, &y->ot_coin.v);
        value_row(out, "overtime toss", dk, &x->ot_coin, &y->ot_coin, ch);
        changes += ch;
    }

    int nwp = 0, ncmp = 0, dw = 6;
    double worst = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < NLEFT; i++)
            for (int j = 0; j < NLEAD; j++) {
                const value_at *u = &x->wp[i][j], *v = &y->wp[i][j];
                if (!u->ok || !v->ok)
                    continue;
                if (pass == 0) {
                    ncmp++;
                    if (pb_cli_diff_game_changed(&u->v, &v->v))
                        dw = table_digits(dw, u, v);
                    continue;
                }
                if (!pb_cli_diff_game_changed(&u->v, &v->v))
                    continue;
                if (!nwp++) {
                    say(out, "\nwin probability, half 2, 1st and 10 at togo %d (the team with the ball):\n", tb);
                    value_header(out, "cards left, lead", dw);
                }
                char where[32];
                snprintf(where, sizeof where, "%2d left, lead %+3d", lefts[i], leads[j]);
                value_row(out, where, dw, u, v, 0);
                worst = fmax(worst, fabs(v->v.wp - u->v.wp));
            }
    if (nwp)
        say(out, "  %d of %d changed, the largest by %.*f\n", nwp, ncmp, pb_cli_diff_game_digits(0, worst), worst);
    changes += nwp;

    int ntwo = 0;
    for (int left = 0; left < P && left < MAX_P; left++)
        for (int k = 0; k < NTWO; k++) {
            const try_at *u = &x->two[left][k], *v = &y->two[left][k];
            if (!u->ok || !v->ok)
                continue;
            double mx = u->two - u->pat, my = v->two - v->pat, bx = u->bound * 2, by = v->bound * 2;
            if (fabs(mx) > bx && fabs(my) > by && (mx > 0) != (my > 0)) {
                if (!ntwo++)
                    say(out, "\ntwo-point chart, half 2 (cards left after the touchdown, lead after it: A -> B, each "
                             "by its margin\nover the other and the margin's bound):\n");
                say(out, "  %2d left, lead %+3d: %s by %.6f (+-%.1e) -> %s by %.6f (+-%.1e)\n", left, TWO_LO + k,
                    mx > 0 ? "two" : "PAT", fabs(mx), bx, my > 0 ? "two" : "PAT", fabs(my), by);
            }
        }
    changes += ntwo;

    fourth_count fc = {0, 0, 0, INFINITY, 0};
    for (int li = 0; li < 2; li++) {
        if (li && P / 2 == 4)
            continue;   /* 4 cards left is half the cards: the same moments */
        for (int si = 0; si < 3; si++)
            fourth_block(out, x, y, li, si, &fc);
    }
    if (!fc.checked)
        say(out, "\nfourth down: not compared (the games are too large to keep every state; doc/solve.md)\n");
    else if (fc.changed || fc.close)
        say(out, "  %d of %d fourth-down choices change; %d differ within their bounds (too close to call)\n",
            fc.changed, fc.checked, fc.close);
    if (fc.changed)
        say(out, "  the narrowest margin of a change: %.6f (+-%.1e)\n", fc.narrow, fc.narrow_bound);
    changes += fc.changed;
    say(out, "\n%s\n", changes ? "the game changes" : "no change in the game's values and choices compared here");
    return changes;
}

/* Both games from the cache directory (read when fresh, else solved and written there), one
 * after the other on every thread. An exit status. */
static int from_cache(const pb_ruleset *const rs[2], const pb_policies *pol, int threads, int lead_cap,
                      const pb_cli_diff_game_src *src, game_values *g)
{
    for (int k = 0; k < 2; k++) {
        pb_wp *w = NULL;
        int solved, st = pb_cli_game_cached("diff", rs[k], pol, src->switches[k], src->nswitches[k], src->cache,
                                            threads, lead_cap, &w, &solved);
        if (st != PB_EXIT_OK)
            return st;
        read_values(w, rs[k], threads, &g[k]);
        pb_wp_free(w);
    }
    return PB_EXIT_OK;
}

int pb_cli_diff_game(const pb_ruleset *a, const pb_ruleset *b, const char *label_a, const char *label_b,
                     const pb_policies *pol, int threads, int lead_cap, const pb_cli_diff_game_src *src)
{
    const char *cmd = "diff";
    int status = PB_EXIT_OK;
    if (a->plays_per_quarter != b->plays_per_quarter || a->sw.timeouts != b->sw.timeouts)
        status = pb_cli_error(cmd, "--game compares games of the same length and timeouts (plays_per_quarter %d/%d, "
                                   "TIMEOUTS %d/%d)", a->plays_per_quarter, b->plays_per_quarter, a->sw.timeouts,
                              b->sw.timeouts);
    char opts[32];   /* over MPI's ranks: one that failed, or read other inputs, stops them all */
    snprintf(opts, sizeof opts, "lead_cap %d", lead_cap);
    if ((status = pb_cli_agree_inputs(cmd, status, a, b, pol, opts)) != PB_EXIT_OK)
        return status;
    diff_job j = {{a, b}, pol, threads, lead_cap};
    game_values *g = calloc(2, sizeof *g);
    if (!g)
        return pb_cli_error(cmd, "out of memory");
    double cost[2] = {game_bytes(a, lead_cap), game_bytes(b, lead_cap)};
    char err[512];
    int failed;
    const pb_ruleset *rs[2] = {a, b};
    if (src && src->cache) {
        status = from_cache(rs, pol, threads, lead_cap, src, g);
    } else if (pb_cli_spread(2, cost, sizeof *g, g, measure, &j, &failed, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
    }
    if (status == PB_EXIT_OK) {
        const char *label[2] = {label_a ? label_a : a->name, label_b ? label_b : b->name};
        int changes = report(pb_cli_rank() == 0 ? stdout : NULL, a, b, label, &g[0], &g[1]);
        status = changes ? PB_EXIT_FAIL : PB_EXIT_OK;
    }
    free(g);
    pb_enum_cache_clear();
    return status;
}
