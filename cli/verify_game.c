/* cli/verify_game.c: `paperbowl verify switches --game`: each alternative of each switch (doc/model.md
 * section 7) flipped alone, the whole game solved (solve/wp.h, headline states), and the switches
 * ranked by how certainly they move it: the change of the coin toss (kicking first, 0-0) and of
 * the win probability of a lead (half 2, 1st and 10 after a touchback, leads -14..14, a few
 * cards-left values), each beside its bound (the two solves' added); the key is the larger
 * |change| - bound. One solve per alternative: minutes for small games, and for the default
 * game 13 solves (v1.11-ja) of 5 to 8½ minutes each at the default lead cap (the sweep MPI is for:
 * doc/solve.md). Left out: OT (sudden-death overtime moves no value the solver has: a tie after
 * the last card is worth 1/2 either way, doc/solve.md) and the numeric TIMEOUTS.
 *
 * Two steps: measure (one job per solve, the baseline first: a `measured` of plain numbers, spread
 * over the ranks by cli/spread.c in the MPI build) and report (printed from the measures alone, so
 * it is the same bytes however the solves were run; the seconds go to stderr with --timings). */
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "enumerate.h"
#include "solve_game.h"
#include "spread.h"
#include "switches.h"
#include "verify_game.h"
#include "wp.h"

#define MAX_ALTS 64
#define NLEFT 4
#define NLEAD 9

static const int leads[NLEAD] = {-14, -10, -7, -3, 0, 3, 7, 10, 14};

typedef struct {
    double coin, wp[NLEFT * NLEAD];   /* the kickoff 0-0; leads by cards left (NAN: not a moment) */
    double coin_bound, wp_bound[NLEFT * NLEAD];   /* their certified bounds (half-widths) */
    int lead_cap;
    double seconds;
    int read;   /* (--cache) read from its value file, not solved */
} measured;

typedef struct {
    const pb_ruleset *rs;
    const pb_policies *pol;
    const pb_cli_sweep_opts *o;
    int lefts[NLEFT];
    int n;                            /* alternatives; job 0 is the baseline, job i alternative i - 1 */
    const pb_switch_info *sw[MAX_ALTS];
    int value[MAX_ALTS];
} sweep;

typedef struct {
    char name[96];
    double coin, coin_bound;   /* change of the coin toss, and the two solves' bounds added */
    double move, move_bound;   /* the change of a lead's value that is most certain (|change| - bound largest) */
    int move_left, move_lead;
    double certain;            /* the larger certain part, |change| - bound (<= 0: within the bounds) */
} row;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void alt_name(const sweep *s, int i, char *buf, size_t len)
{
    snprintf(buf, len, "%s=%s", s->sw[i]->id, s->sw[i]->values[s->value[i]]);
}

/* Job `job`'s ruleset (the baseline, or alternative job - 1) and its name ("" for the baseline). */
static void job_rules(const sweep *s, int job, pb_ruleset *alt, char *name, size_t len)
{
    *alt = *s->rs;
    name[0] = 0;
    if (job > 0) {
        pb_switch_set(&alt->sw, s->sw[job - 1], s->value[job - 1]);
        alt_name(s, job - 1, name, len);
    }
}

/* The measured values of a solved game. */
static void read_measures(const sweep *s, const pb_ruleset *alt, const pb_wp *w, measured *out)
{
    char why[400];
    int P = pb_wp_cards_per_half(w), T = alt->sw.timeouts, tb = alt->touchback_togo;
    pb_wp_value v;
    pb_wp_moment m = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    pb_wp_value_at(w, &m, &v, why, sizeof why);
    out->coin = v.wp;
    out->coin_bound = v.bound;
    out->lead_cap = pb_wp_lead_cap(w);
    for (int i = 0; i < NLEFT; i++)
        for (int j = 0; j < NLEAD; j++) {
            pb_wp_moment sm = {PB_WP_SNAP, 2, s->lefts[i], 0, leads[j], T, T, 0, tb, 1, tb < 10 ? tb : 10};
            int ok = s->lefts[i] > 0 && pb_wp_value_at(w, &sm, &v, why, sizeof why) == 0;
            out->wp[i * NLEAD + j] = ok ? v.wp : NAN;
            out->wp_bound[i * NLEAD + j] = ok ? v.bound : NAN;
        }
}

/* Job `job` from the cache directory (--cache; one process): its value file read when fresh,
 * else the game solved and written there and then read back, so that every run on the cache
 * measures the same values, the file's. An exit status (the message printed). */
static int measure_cached(const sweep *s, int job, measured *out)
{
    pb_ruleset alt;
    char name[96];
    job_rules(s, job, &alt, name, sizeof name);
    double t0 = now();
    const char *sw[40];
    int n = 0, solved = 0;
    for (int k = 0; k < s->o->nswitches && n < 39; k++)
        sw[n++] = s->o->switches[k];
    if (name[0])
        sw[n++] = name;
    pb_wp *w = NULL;
    int st = pb_cli_game_cached("verify", &alt, s->pol, sw, n, s->o->cache, s->o->threads, s->o->lead_cap, &w, &solved);
    if (st == PB_EXIT_OK)
        read_measures(s, &alt, w, out);
    out->read = !solved;
    pb_wp_free(w);
    pb_enum_cache_clear();
    malloc_trim(0);   /* (a file read leaves its blocks in the heap, pb_cli_main's mallopt: the next solve's peak) */
    out->seconds = now() - t0;
    return st;
}

/* One solve (or value file read: --cache), on this rank alone (no dist: the sweep is what is
 * spread). */
static int measure(void *ctx, int job, void *result, char *err, size_t errlen)
{
    const sweep *s = ctx;
    measured *out = result;
    pb_ruleset alt;
    char name[96];
    job_rules(s, job, &alt, name, sizeof name);
    double t0 = now();
    pb_wp *w = NULL;
    pb_wp_opts o = {&alt, *s->pol, s->o->threads, s->o->lead_cap, 0, NULL, 0, 0};
    char why[400];
    if (pb_wp_solve(&w, &o, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s%s%s", name, job > 0 ? ": " : "", why);
        return -1;
    }
    read_measures(s, &alt, w, out);
    pb_wp_free(w);
    pb_enum_cache_clear();
    out->seconds = now() - t0;
    return 0;
}

/* Whether switch `id` is in the comma-separated list (NULL: every switch). */
static int listed(const char *list, const char *id)
{
    if (!list)
        return 1;
    size_t n = strlen(id);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, id, n) == 0)
            return 1;
        p += len + (e != NULL);
    }
    return 0;
}

/* The alternatives, in the switch table's order; -1 on a bad --only (printed). */
static int alternatives(const char *cmd, sweep *s)
{
    const char *only = s->o->only;
    for (const char *p = only; p && *p;) {   /* every id of --only must name a switch the game can flip */
        const char *e = strchr(p, ',');
        char id[64];
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(id, sizeof id, "%.*s", (int)(len < sizeof id ? len : sizeof id - 1), p);
        const pb_switch_info *si = pb_switch_find(id);
        if (!si)
            return pb_cli_error(cmd, "--only: unknown switch '%s' (see 'paperbowl rules switches')", id) ? -1 : -1;
        if (si->offset < 0 || !si->values[0] || strcmp(si->id, "OT") == 0)
            return pb_cli_error(cmd, "--only: '%s' has no alternative the game solver plays", id) ? -1 : -1;
        p += len + (e != NULL);
    }
    s->n = 0;
    for (size_t k = 0; k < pb_switch_count; k++) {
        const pb_switch_info *si = &pb_switch_table[k];
        if (si->offset < 0 || !si->values[0] || strcmp(si->id, "OT") == 0 || !listed(only, si->id))
            continue;
        int cur = pb_switch_get(&s->rs->sw, si);
        for (int v = 0; si->values[v] && s->n < MAX_ALTS; v++)
            if (v != cur) {
                s->sw[s->n] = si;
                s->value[s->n++] = v;
            }
    }
    return 0;
}

/* The most certain change first; those within their bounds last, by name. */
static int by_move(const void *a, const void *b)
{
    const row *x = a, *y = b;
    double kx = fmax(x->certain, 0), ky = fmax(y->certain, 0);
    return kx < ky ? 1 : kx > ky ? -1 : strcmp(x->name, y->name);
}

/* A change in a column 11 wide: 6 decimals, or 2 significant digits when that would show 0. */
static void change_text(char *buf, size_t n, double d)
{
    snprintf(buf, n, fabs(d) >= 5e-7 || d == 0 ? "%+11.6f" : "%+11.1e", d);
}

static void report(FILE *out, const sweep *s, const measured *m)
{
    const measured *base = &m[0];
    row rows[MAX_ALTS];
    memset(rows, 0, sizeof rows);
    int certain = 0;
    for (int k = 0; k < s->n; k++) {
        row *r = &rows[k];
        const measured *x = &m[k + 1];
        alt_name(s, k, r->name, sizeof r->name);
        r->coin = x->coin - base->coin;
        r->coin_bound = x->coin_bound + base->coin_bound;
        r->certain = fabs(r->coin) - r->coin_bound;
        double best = -INFINITY;
        for (int i = 0; i < NLEFT * NLEAD; i++) {
            if (isnan(x->wp[i]) || isnan(base->wp[i]))
                continue;
            double d = x->wp[i] - base->wp[i], b = x->wp_bound[i] + base->wp_bound[i];
            if (fabs(d) - b > best) {
                best = fabs(d) - b;
                r->move = d;
                r->move_bound = b;
                r->move_left = s->lefts[i / NLEAD];
                r->move_lead = leads[i % NLEAD];
            }
        }
        r->certain = fmax(r->certain, best);
        certain += r->certain > 0;
    }
    fprintf(out, "verify switches --game: %s, each switch's alternatives flipped alone, the whole game solved\n"
                 "(doc/solve.md, \"The game solver\"), lead cap +-%d; baseline: kicking first %.9f (+-%.1e)\n"
                 "each change with its bound (the two solves' bounds added); it counts only beyond it. Ranked by\n"
                 "the larger certain change (|change| - bound) of the coin toss and of a lead's win probability\n"
                 "(half 2, 1st and 10 after a touchback, leads -14..14, the row's most certain one)\n\n",
            s->rs->name, base->lead_cap, base->coin, base->coin_bound);
    qsort(rows, (size_t)s->n, sizeof *rows, by_move);
    fprintf(out, "%-28s %11s %8s %11s %8s  %s\n", "switch", "coin toss", "bound", "a lead's WP", "bound",
            "where (left, lead)");
    for (int i = 0; i < s->n; i++) {
        const row *r = &rows[i];
        char coin[32], move[32], where[40] = "-";
        change_text(coin, sizeof coin, r->coin);
        change_text(move, sizeof move, r->move);
        if (r->move_left > 0)
            snprintf(where, sizeof where, "%2d left, lead %+3d", r->move_left, r->move_lead);
        fprintf(out, "%-28s %s %8.1e %s %8.1e  %s%s\n", r->name, coin, r->coin_bound, move, r->move_bound, where,
                r->certain > 0 ? "" : "  (within the bounds)");
    }
    fprintf(out, "\n%d alternatives: %d change the game beyond the bounds, %d within them\n", s->n, certain,
            s->n - certain);
}

static void timings(const sweep *s, const measured *m)
{
    for (int k = 0; k <= s->n; k++) {
        char name[96] = "baseline";
        if (k > 0)
            alt_name(s, k - 1, name, sizeof name);
        fprintf(stderr, "paperbowl verify: %s %s in %.1f s\n", name, m[k].read ? "read from its value file" : "solved",
                m[k].seconds);
    }
}

int pb_cli_verify_switches_game(const pb_ruleset *rs, const pb_policies *pol, const pb_cli_sweep_opts *o)
{
    const char *cmd = "verify";
    sweep s;
    memset(&s, 0, sizeof s);
    s.rs = rs;
    s.pol = pol;
    s.o = o;
    int P = 2 * rs->plays_per_quarter;
    int lefts[NLEFT] = {P, P / 2, 4, 1};   /* each once, within the half (0: left out) */
    for (int i = 0; i < NLEFT; i++) {
        s.lefts[i] = lefts[i] >= 1 && lefts[i] <= P ? lefts[i] : 0;
        for (int k = 0; k < i; k++)
            if (s.lefts[k] == s.lefts[i])
                s.lefts[i] = 0;
    }
    char opts[320];   /* over MPI's ranks: one that failed here, or read other inputs, stops them all */
    snprintf(opts, sizeof opts, "lead_cap %d only %s", o->lead_cap, o->only ? o->only : "(every switch)");
    int status = pb_cli_agree_inputs(cmd, alternatives(cmd, &s) != 0 ? PB_EXIT_USAGE : PB_EXIT_OK, rs, NULL, pol, opts);
    if (status != PB_EXIT_OK)
        return status;
    measured *m = calloc((size_t)s.n + 1, sizeof *m);
    if (!m)
        return pb_cli_error(cmd, "out of memory");
    char err[512];
    int failed;
    /* every solve of a sweep is the same size: the cost only keeps the baseline first */
    double cost[MAX_ALTS + 1] = {1};
    if (o->cache) {   /* one process (refused under MPI), the jobs in turn */
        for (int job = 0; job <= s.n && status == PB_EXIT_OK; job++)
            status = measure_cached(&s, job, &m[job]);
    } else if (pb_cli_spread(s.n + 1, cost, sizeof *m, m, measure, &s, &failed, err, sizeof err) != 0)
        status = pb_cli_error(cmd, "%s", err);
    if (status == PB_EXIT_OK) {
        if (pb_cli_rank() == 0)
            report(stdout, &s, m);
        if (o->timings && pb_cli_rank() == 0)
            timings(&s, m);
    }
    free(m);
    pb_enum_cache_clear();
    return status;
}
