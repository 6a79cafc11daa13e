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
#include "enumerate.h"
#include "spread.h"
#include "wp.h"
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


static void lefts_of(int P, int *lefts)
{
    int l[NLEFT] = {P, P / 2, 10, 4, 1};
    memcpy(lefts, l, sizeof l);
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
    pb_wp_opts o = {j->rs[k], *j->pol, j->threads, j->lead_cap, 0, NULL, 0};
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

/* The comparison, printed to out (NULL: not printed); the number of changes. */
static int report(FILE *out, const pb_ruleset *a, const pb_ruleset *b, const char *const label[2], const game_values *x,
                  const game_values *y)
{
    int P = x->P, tb = a->touchback_togo, changes = 0, lefts[NLEFT];
    lefts_of(P, lefts);
    say(out, "diff --game: A = %s -> B = %s (%s -> %s)\n", label[0], label[1], a->source, b->source);
    say(out, "the whole game under equilibrium play (doc/solve.md, \"The game solver\"), lead cap +-%d; a value\n"
                 "changes only when |B - A| > bound A + bound B (the certified bounds)\n\n", x->lead_cap);
    const pb_wp_value *ka = &x->coin.v, *kb = &y->coin.v;
    int d = pb_cli_diff_game_digits(ka->wp, kb->wp);
    say(out, "coin toss: kicking first %.*f -> %.*f (%+.*f)%s\n", d, ka->wp, d, kb->wp, d, kb->wp - ka->wp,
            pb_cli_diff_game_changed(ka, kb) ? "  CHANGED" : "");
    changes += pb_cli_diff_game_changed(ka, kb);
    if (x->ot_coin.ok || y->ot_coin.ok) {   /* the overtime's toss: where a game has none, "none" */
        const pb_wp_value *oa = &x->ot_coin.v, *ob = &y->ot_coin.v;
        int both = x->ot_coin.ok && y->ot_coin.ok, ch = !both || pb_cli_diff_game_changed(oa, ob);
        char sa[32] = "none", sb[32] = "none";
        int od = both ? pb_cli_diff_game_digits(oa->wp, ob->wp) : 6;
        if (x->ot_coin.ok)
            snprintf(sa, sizeof sa, "%.*f", od, oa->wp);
        if (y->ot_coin.ok)
            snprintf(sb, sizeof sb, "%.*f", od, ob->wp);
        say(out, "overtime toss: kicking first %s -> %s%s\n", sa, sb, ch ? "  CHANGED" : "");
        changes += ch;
    }

    int nwp = 0;
    double worst = 0;
    for (int i = 0; i < NLEFT; i++)
        for (int j = 0; j < NLEAD; j++) {
            const value_at *u = &x->wp[i][j], *v = &y->wp[i][j];
            if (!u->ok || !v->ok || !pb_cli_diff_game_changed(&u->v, &v->v))
                continue;
            if (!nwp++)
                say(out, "\nwin probability, half 2, 1st and 10 at togo %d (cards left, lead: A -> B):\n", tb);
            int dd = pb_cli_diff_game_digits(u->v.wp, v->v.wp);
            say(out, "  %2d left, lead %+3d: %.*f -> %.*f (%+.*f)\n", lefts[i], leads[j], dd, u->v.wp, dd, v->v.wp,
                    dd, v->v.wp - u->v.wp);
            worst = fmax(worst, fabs(v->v.wp - u->v.wp));
        }
    if (nwp)
        say(out, "  %d changed, the largest by %.*f\n", nwp, pb_cli_diff_game_digits(0, worst), worst);
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
                    say(out, "\ntwo-point chart, half 2 (cards left after the touchdown, lead after it: A -> B):\n");
                say(out, "  %2d left, lead %+3d: %s -> %s\n", left, TWO_LO + k, mx > 0 ? "two" : "PAT",
                        my > 0 ? "two" : "PAT");
            }
        }
    changes += ntwo;

    int nfourth = 0, checked = 0;
    static const char *const names[] = {"go", "field goal", "punt"};
    for (int li = 0; li < 2; li++)
        for (int si = 0; si < 3; si++)
            for (int t = 1; t <= NTOGO; t++)
                for (int yd = 1; yd <= 10 && yd <= t; yd++) {
                    const fourth_at *u = &x->fourth[li][si][t - 1][yd - 1], *v = &y->fourth[li][si][t - 1][yd - 1];
                    if (!u->ok || !v->ok)
                        continue;
                    checked++;
                    double au[3] = {u->go, u->fg, u->punt}, av[3] = {v->go, v->fg, v->punt};
                    double su = -INFINITY, sv = -INFINITY;
                    for (int k = 0; k < 3; k++) {
                        if (k != u->best)
                            su = fmax(su, au[k]);
                        if (k != v->best)
                            sv = fmax(sv, av[k]);
                    }
                    if (u->best != v->best && au[u->best] - su > 2 * u->radius && av[v->best] - sv > 2 * v->radius) {
                        if (!nfourth++)
                            say(out, "\nfourth down, half 2 (cards left, lead, togo, 4th and ytg: A -> B):\n");
                        say(out, "  %2d left, lead %+d, togo %2d, 4th and %2d: %s -> %s\n", li ? 4 : P / 2,
                                3 * si - 3, t, yd, names[u->best], names[v->best]);
                    }
                }
    if (!checked)
        say(out, "\nfourth down: not compared (the games are too large to keep every state; doc/solve.md)\n");
    changes += nfourth;
    say(out, "\n%s\n", changes ? "the game changes" : "no change in the game's values and choices compared here");
    return changes;
}

int pb_cli_diff_game(const pb_ruleset *a, const pb_ruleset *b, const char *label_a, const char *label_b,
                     const pb_policies *pol, int threads, int lead_cap)
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
    if (pb_cli_spread(2, cost, sizeof *g, g, measure, &j, &failed, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
    } else {
        const char *label[2] = {label_a ? label_a : a->name, label_b ? label_b : b->name};
        int changes = report(pb_cli_rank() == 0 ? stdout : NULL, a, b, label, &g[0], &g[1]);
        status = changes ? PB_EXIT_FAIL : PB_EXIT_OK;
    }
    free(g);
    pb_enum_cache_clear();
    return status;
}
