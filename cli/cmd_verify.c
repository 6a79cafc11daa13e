/* cli/cmd_verify.c: `paperbowl verify crosscheck|switches|findings|invariants`.
 * Exit status: 0 the check passed (or a report was written), 1 a check failed, 2 bad input. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_num.h"
#include "switches.h"
#include "verify_game.h"
#include "verify_deck.h"
#include "verify.h"

static const char usage[] =
    "usage: paperbowl verify crosscheck [--plays N] [--seed S] [--long] [--quick] [OPTIONS]\n"
    "       paperbowl verify switches [OPTIONS]\n"
    "       paperbowl verify findings [--top N] [OPTIONS]\n"
    "       paperbowl verify invariants [OPTIONS]\n"
    "       paperbowl verify deck [--ruleset R] [--games N] [--drives N] [--json]   ('verify deck --help')\n\n"
    "crosscheck  plays every cell (offense x defense x card x togo x situation, and the special\n"
    "            teams) with the simulator's random dice and tests the counts against the exact\n"
    "            distribution (chi-square, bins pooled to expected >= 5, MPFR p-values, Holm at\n"
    "            FWER 1e-6, and no outcome the enumerator calls impossible); then plays whole\n"
    "            simulated games (--games) and tests every play those games reach the same way.\n"
    "            Exit 1 when a cell fails.\n"
    "  --plays N            plays in the sweep, spread evenly over the cells (default 10000000)\n"
    "  --games N            whole games for the second part (default 20000; 0: none)\n"
    "  --seed S             random seed (default 1)\n"
    "  --long               at least 10^8 plays in the sweep and 200000 games\n"
    "  --quick              the make-check run: togo 2, 12, 20, 21, 50, 99, the first situation,\n"
    "                       1000 plays a cell, 2000 games\n"
    "  --togo LIST          play cells at these togo values (comma-separated)\n"
    "  --situations N       the first N of the sweep's 3 situations (default 3)\n"
    "  --test chi2|g        Pearson chi-square (default) or the G test\n"
    "  --alpha A            family-wise false-alarm rate (default 1e-6)\n"
    "  --worst N            cells listed (default 10)\n"
    "  --sim-ruleset R      the simulated side plays by R (planting a rule difference)\n"
    "  --sim-switch ID=V    the simulated side flips a switch (repeatable)\n"
    "  --deck uniform|real  the games' play cards: real, the rulebook's dealt quarter decks (default),\n"
    "                       or uniform, each snap's card drawn from the 24 (the solver's model)\n"
    "switches    flips each switch of doc/model.md section 7 in turn and reports the largest\n"
    "            change of each summary over the grid, and where.\n"
    "  --togo LIST          only these field positions (default 1-99)\n"
    "  --game               the whole game solved per alternative (paperbowl solve game), the switches\n"
    "                       ranked by the certain part (|change| - bound) of their change of the coin\n"
    "                       toss and of a lead's win probability, each printed beside its bound\n"
    "  --lead-cap S         (--game) the game solver's lead cap (default 56)\n"
    "  --only ID,...        (--game) only these switches' alternatives\n"
    "  --timings            (--game) each solve's seconds (stderr)\n"
    "  --cache DIR          (--game) read each game's value file from DIR when it is fresh (the\n"
    "                       same ruleset, switches, policies and lead cap; 'make tables' writes the\n"
    "                       baseline's to out/), else solve it and write it there\n"
    "findings    dominated cards, non-monotone probabilities, red-zone jumps, play cards that\n"
    "            never change a play (exact comparisons).\n"
    "  --top N              entries listed per finding (default 12; 0: all)\n"
    "invariants  every grid distribution sums to exactly 1, no malformed outcome, no cut mass.\n\n"
    "common options:\n"
    "  --ruleset NAME|FILE  ruleset (default v1.11-ja)\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable)\n"
    "  --policy LIST        decision policies (see 'paperbowl dist --help')\n"
    "  --threads N          worker threads (default: " PB_CLI_CPUS ")\n";

typedef struct {
    const char *ruleset;
    const char *switches[32];
    int nswitches;
    const char *sim_ruleset;
    const char *sim_switches[32];
    int nsim_switches;
    pb_policies policies;
    int threads;
    uint64_t plays, games, seed;
    bool plays_given, games_given, lng, quick;
    bool uniform_cards;   /* --deck uniform: the games draw each snap's card from the 24 */
    int deck_given;
    int togos[100];
    size_t ntogo;
    int situations;
    pb_stats_test test;
    double alpha;
    int worst, top;
    bool game, timings;
    int lead_cap;
    const char *only;
    const char *cache;   /* (--game) value files read from / written to this directory */
} opts;

int pb_verify_parse_togos(const char *cmd, const char *text, int *togos, size_t max, size_t *n)
{
    if (pb_cli_int_list(text, 1, 99, togos, max, n) != 0) {
        if (*n >= max)
            pb_cli_error(cmd, "--togo: too many values (at most %zu)", max);
        else
            pb_cli_error(cmd, "--togo: '%s' must be a comma-separated list of 1..99", text);
        return -1;
    }
    if (*n == 0) {
        pb_cli_error(cmd, "--togo: empty list");
        return -1;
    }
    return 0;
}

static int load_ruleset(const char *cmd, const char *name, const char *const *sw, int nsw, pb_ruleset *rs)
{
    if (pb_cli_ruleset(cmd, name, rs) != 0)
        return -1;
    char err[256];
    for (int i = 0; i < nsw; i++)
        if (pb_switch_apply(rs, sw[i], err, sizeof err) != 0) {
            pb_cli_error(cmd, "--switch: %s", err);
            return -1;
        }
    return 0;
}

/* ---- crosscheck ---- */

static void print_cells(const pb_verify_xc_result *res, size_t n, FILE *out)
{
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    if (!idx)
        pb_cli_oom_exit();
    n = pb_verify_xc_worst(res, idx, n);
    fprintf(out, "  %-10s %10s %4s %9s  %-8s %s\n", "p-value", "statistic", "df", "plays", "verdict", "cell");
    for (size_t k = 0; k < n; k++) {
        const pb_verify_xc_cell *c = &res->cells[idx[k]];
        char name[160];
        if (c->name[0])
            snprintf(name, sizeof name, "%s", c->name);
        else
            pb_verify_cell_name(&c->cell, name, sizeof name);
        const char *verdict = c->impossible_count ? "IMPOSS." : c->rejected ? "REJECTED" : "ok";
        fprintf(out, "  %-10.3g %10.2f %4lu %9" PRIu64 "  %-8s %s", c->fit.p_value, c->fit.statistic, c->fit.df,
                c->plays, verdict, name);
        if (c->impossible_count)
            fprintf(out, ": %" PRIu64 " impossible outcome(s), first: %s", c->impossible_count, c->impossible);
        fputc('\n', out);
    }
    free(idx);
}

static void print_result(const char *title, const pb_verify_xc_result *res, const opts *o, FILE *out)
{
    char name[160];
    if (res->cells[res->min_p_cell].name[0])
        snprintf(name, sizeof name, "%s", res->cells[res->min_p_cell].name);
    else
        pb_verify_cell_name(&res->cells[res->min_p_cell].cell, name, sizeof name);
    double secs = res->seconds_exact + res->seconds_sim;
    if (res->cells_reached)
        fprintf(out, "%s: %zu cells reached, pooled into %zu calls, %" PRIu64 " plays, %.1f s (exact %.1f s, "
                     "games %.1f s", title, res->cells_reached, res->count, res->plays, secs, res->seconds_exact,
                res->seconds_sim);
    else
        fprintf(out, "%s: %zu cells, %" PRIu64 " plays, %.1f s (exact %.1f s, random plays %.1f s", title,
                res->count, res->plays, secs, res->seconds_exact, res->seconds_sim);
    if (res->seconds_sim > 0)
        fprintf(out, ", %.2f M plays/s", (double)res->plays / res->seconds_sim / 1e6);
    fprintf(out, ")\n");
    fprintf(out, "smallest p-value: %.3g (%s); Holm threshold for it: %.3g\n", res->min_p, name,
            o->alpha / (double)(res->count ? res->count : 1));
    fprintf(out, "rejected by Holm at FWER %g: %zu cells; impossible outcomes: %zu cells\n", o->alpha, res->rejected,
            res->impossible);
    fprintf(out, "worst cells:\n");
    print_cells(res, (size_t)o->worst, out);
}

static int run_crosscheck(const char *cmd, opts *o)
{
    pb_ruleset exact_rs, sim_rs;
    if (load_ruleset(cmd, o->ruleset, o->switches, o->nswitches, &exact_rs) != 0)
        return PB_EXIT_USAGE;
    if (o->sim_ruleset || o->nsim_switches) {
        const char *base = o->sim_ruleset ? o->sim_ruleset : o->ruleset;
        if (load_ruleset(cmd, base, o->sim_ruleset ? NULL : o->switches, o->sim_ruleset ? 0 : o->nswitches,
                         &sim_rs) != 0)
            return PB_EXIT_USAGE;
        char err[256];
        for (int i = 0; i < o->nsim_switches; i++)
            if (pb_switch_apply(&sim_rs, o->sim_switches[i], err, sizeof err) != 0) {
                pb_cli_error(cmd, "--sim-switch: %s", err);
                return PB_EXIT_USAGE;
            }
    } else {
        sim_rs = exact_rs;
    }
    pb_verify_xc_opts xo;
    pb_verify_xc_opts_default(&xo, &exact_rs);
    xo.sim_rules = &sim_rs;
    xo.exact_rules = &exact_rs;
    xo.policies = o->policies;
    xo.threads = o->threads;
    xo.seed = o->seed;
    xo.alpha = o->alpha;
    xo.test = o->test;
    static const int quick_togos[] = {2, 12, 20, 21, 50, 99};
    if (o->quick) {
        xo.togos = quick_togos;
        xo.ntogo = sizeof quick_togos / sizeof quick_togos[0];
        xo.nsituations = 1;
    }
    if (o->ntogo) {
        xo.togos = o->togos;
        xo.ntogo = o->ntogo;
    }
    if (o->situations)
        xo.nsituations = o->situations;
    /* count the cells to size the quick run */
    uint64_t games = o->games_given ? o->games : o->lng ? 200000 : o->quick ? 2000 : 20000;
    if (o->plays_given)
        xo.plays = o->plays;
    else if (o->lng)
        xo.plays = 100000000;
    else if (o->quick)
        xo.plays_per_cell = 1000;
    char err[512];
    char rsname[300];
    if (o->sim_ruleset || o->nsim_switches)
        snprintf(rsname, sizeof rsname, "exact %s, simulated %s%s", exact_rs.name, sim_rs.name,
                 o->nsim_switches ? " with switches flipped (a planted difference)" : "");
    else
        snprintf(rsname, sizeof rsname, "%s", exact_rs.name);
    char pol[128];
    pb_policies_format(&o->policies, pol, sizeof pol);
    printf("cross-check: the simulator's plays against the exact distributions\n");
    printf("ruleset %s; policies %s; seed %" PRIu64 "; %s test, bins pooled to expected >= %d; Holm at FWER %g\n",
           rsname, pol, o->seed, o->test == PB_STATS_G ? "G" : "chi-square", PB_STATS_MIN_EXPECTED, o->alpha);

    pb_verify_xc_result res;
    if (pb_verify_crosscheck(&xo, &res, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s", err);
        return PB_EXIT_USAGE;
    }
    printf("\n");
    print_result("sweep (every cell forced)", &res, o, stdout);
    bool pass = res.pass;
    pb_verify_xc_result_release(&res);

    if (games > 0) {
        pb_verify_xg_opts go;
        memset(&go, 0, sizeof go);
        go.sim_rules = &sim_rs;
        go.exact_rules = &exact_rs;
        go.policies = o->policies;
        go.games = games;
        go.seed = o->seed;
        go.threads = o->threads;
        go.alpha = o->alpha;
        go.test = o->test;
        go.uniform_cards = o->uniform_cards;
        if (pb_verify_crosscheck_games(&go, &res, err, sizeof err) != 0) {
            pb_cli_error(cmd, "%s", err);
            return PB_EXIT_USAGE;
        }
        printf("\n");
        char title[96];
        snprintf(title, sizeof title, "whole games (%" PRIu64 ", coach vs coach%s)", games,
                 o->uniform_cards ? ", uniform cards" : "");
        print_result(title, &res, o, stdout);
        pass = pass && res.pass;
        pb_verify_xc_result_release(&res);
    }
    printf("\nverdict: %s\n", pass ? "PASS: the simulator agrees with the exact distributions"
                                   : "FAIL: the simulator and the enumerator disagree (see the cells above)");
    pb_stats_release_caches();
    return pass ? PB_EXIT_OK : PB_EXIT_FAIL;
}

/* ---- the other subcommands ---- */

static int run_invariants(const char *cmd, opts *o)
{
    pb_ruleset rs;
    if (load_ruleset(cmd, o->ruleset, o->switches, o->nswitches, &rs) != 0)
        return PB_EXIT_USAGE;
    pb_verify_inv_result res;
    char err[512];
    double t0 = pb_verify_now();
    if (pb_verify_invariants(&rs, &o->policies, o->threads, &res, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s", err);
        return PB_EXIT_USAGE;
    }
    double secs = pb_verify_now() - t0;
    printf("invariants of the grid (ruleset %s): %zu distributions, %zu outcomes, %.2f s\n", rs.name, res.cells,
           res.entries, secs);
    printf("checked: each sums to exactly 1; every outcome belongs to its action, with yards in range and\n"
           "consistent facts (flags); no cut mass (doubles chains absorbed exactly)\n");
    for (size_t i = 0; i < res.nfirst; i++)
        printf("  violation: %s\n", res.first[i]);
    if (res.violations > res.nfirst)
        printf("  ... and %zu more\n", res.violations - res.nfirst);
    printf("verdict: %s\n", res.violations ? "FAIL" : "PASS: no violation");
    return res.violations ? PB_EXIT_FAIL : PB_EXIT_OK;
}

static int run_switches(const char *cmd, opts *o);
static int run_findings(const char *cmd, opts *o);

int cmd_verify(int argc, char **argv)
{
    const char *cmd = "verify";
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        if (argc < 2) {
            pb_cli_usage(stderr, usage, NULL);
            return PB_EXIT_USAGE;
        }
        pb_cli_usage(stdout, usage, NULL);
        return PB_EXIT_OK;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "deck") == 0)
        return pb_cli_verify_deck(argc, argv);
    if (strcmp(sub, "crosscheck") != 0 && strcmp(sub, "switches") != 0 && strcmp(sub, "findings") != 0 &&
        strcmp(sub, "invariants") != 0)
        return pb_cli_error(cmd, "unknown check '%s' (crosscheck, switches, findings, invariants, deck)", sub);
    bool xc = strcmp(sub, "crosscheck") == 0;

    enum { O_PLAYS = 1000, O_GAMES, O_SEED, O_LONG, O_QUICK, O_TOGO, O_SIT, O_TEST, O_ALPHA, O_WORST, O_SIMRS,
           O_DECK, O_SIMSW, O_TOP, O_RULESET, O_SWITCH, O_POLICY, O_THREADS, O_GAME, O_CAP, O_ONLY, O_TIMINGS, O_CACHE };
    static const struct option options[] = {
        {"plays", required_argument, NULL, O_PLAYS}, {"games", required_argument, NULL, O_GAMES},
        {"seed", required_argument, NULL, O_SEED}, {"long", no_argument, NULL, O_LONG},
        {"quick", no_argument, NULL, O_QUICK}, {"togo", required_argument, NULL, O_TOGO},
        {"situations", required_argument, NULL, O_SIT}, {"test", required_argument, NULL, O_TEST},
        {"alpha", required_argument, NULL, O_ALPHA}, {"worst", required_argument, NULL, O_WORST},
        {"sim-ruleset", required_argument, NULL, O_SIMRS}, {"sim-switch", required_argument, NULL, O_SIMSW},
        {"deck", required_argument, NULL, O_DECK},
        {"top", required_argument, NULL, O_TOP}, {"ruleset", required_argument, NULL, O_RULESET},
        {"switch", required_argument, NULL, O_SWITCH}, {"policy", required_argument, NULL, O_POLICY},
        {"threads", required_argument, NULL, O_THREADS}, {"game", no_argument, NULL, O_GAME},
        {"lead-cap", required_argument, NULL, O_CAP}, {"only", required_argument, NULL, O_ONLY},
        {"timings", no_argument, NULL, O_TIMINGS}, {"cache", required_argument, NULL, O_CACHE},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    opts o;
    memset(&o, 0, sizeof o);
    o.ruleset = PB_RULESET_DEFAULT;
    o.threads = pb_workers_default();
    o.seed = 1;
    o.test = PB_STATS_CHI2;
    o.alpha = 1e-6;
    o.worst = 10;
    o.top = 12;
    int opt, v;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.first = 2;  /* after the check's name */
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        bool xc_only = opt >= O_PLAYS && opt <= O_SIMSW && opt != O_TOGO;
        if (opt == O_TOGO && !xc && strcmp(sub, "switches") != 0)
            return pb_cli_error(cmd, "option '--togo' belongs to 'verify crosscheck' and 'verify switches'");
        if (xc_only && !xc)
            return pb_cli_error(cmd, "option '--%s' belongs to 'verify crosscheck'", g.name);
        if (opt == O_TOP && strcmp(sub, "findings") != 0)
            return pb_cli_error(cmd, "option '--top' belongs to 'verify findings'");
        switch (opt) {
        case O_PLAYS:
            if (pb_cli_u64(cmd, "--plays", g.arg, 1, UINT64_C(1) << 40, &o.plays) != 0)
                return PB_EXIT_USAGE;
            o.plays_given = true;
            break;
        case O_GAMES:
            if (pb_cli_u64(cmd, "--games", g.arg, 0, UINT64_C(1) << 32, &o.games) != 0)
                return PB_EXIT_USAGE;
            o.games_given = true;
            break;
        case O_SEED:
            if (pb_cli_u64(cmd, "--seed", g.arg, 0, UINT64_MAX, &o.seed) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_LONG:
            o.lng = true;
            break;
        case O_QUICK:
            o.quick = true;
            break;
        case O_TOGO:
            if (pb_verify_parse_togos(cmd, g.arg, o.togos, 99, &o.ntogo) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SIT:
            if (pb_cli_int(cmd, "--situations", g.arg, 1, PB_VERIFY_XC_SITUATIONS, &o.situations) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_TEST:
            if (strcmp(g.arg, "chi2") == 0)
                o.test = PB_STATS_CHI2;
            else if (strcmp(g.arg, "g") == 0)
                o.test = PB_STATS_G;
            else
                return pb_cli_error(cmd, "--test: unknown test '%s' (chi2, g)", g.arg);
            break;
        case O_ALPHA:
            /* between 0 and 1, both excluded */
            if (pb_cli_num_double(g.arg, 0, 1, &o.alpha) != PB_CLI_NUM_OK || o.alpha == 0 || o.alpha == 1)
                return pb_cli_error(cmd, "--alpha: '%s' must be a number between 0 and 1", g.arg);
            break;
        case O_WORST:
            if (pb_cli_int(cmd, "--worst", g.arg, 0, 100000, &o.worst) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SIMRS:
            o.sim_ruleset = g.arg;
            break;
        case O_DECK: {
            bool real = true;
            if (pb_cli_deck(cmd, g.arg, &o.deck_given, &real) != 0)
                return PB_EXIT_USAGE;
            o.uniform_cards = !real;
            break;
        }
        case O_SIMSW:
            if (o.nsim_switches >= 32)
                return pb_cli_error(cmd, "--sim-switch: too many");
            o.sim_switches[o.nsim_switches++] = g.arg;
            break;
        case O_TOP:
            if (pb_cli_int(cmd, "--top", g.arg, 0, 1000000, &o.top) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_RULESET:
            o.ruleset = g.arg;
            break;
        case O_SWITCH:
            if (o.nswitches >= 32)
                return pb_cli_error(cmd, "--switch: too many");
            o.switches[o.nswitches++] = g.arg;
            break;
        case O_POLICY:
            if (pb_cli_policies(cmd, g.arg, &o.policies) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, 256, &v) != 0)
                return PB_EXIT_USAGE;
            o.threads = v;
            break;
        case O_GAME:
        case O_CAP:
        case O_ONLY:
        case O_TIMINGS:
        case O_CACHE:
            if (strcmp(sub, "switches") != 0)
                return pb_cli_error(cmd, "option '--%s' belongs to 'verify switches'", g.name);
            if (opt == O_GAME)
                o.game = true;
            else if (opt == O_ONLY) {
                size_t len = strlen(g.arg);
                if (len == 0 || g.arg[0] == ',' || g.arg[len - 1] == ',' || strstr(g.arg, ",,"))
                    return pb_cli_error(cmd, "--only: '%s' has an empty switch id (give ID,..., e.g. --only END-LINE)",
                                        g.arg);
                o.only = g.arg;
            }
            else if (opt == O_TIMINGS)
                o.timings = true;
            else if (opt == O_CACHE) {
                if (!g.arg[0])
                    return pb_cli_error(cmd, "--cache: give a directory");
                o.cache = g.arg;
            }
            else if (pb_cli_int(cmd, "--lead-cap", g.arg, 1, 400, &o.lead_cap) != 0)
                return PB_EXIT_USAGE;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (!o.game && (o.only || o.timings || o.cache))
        return pb_cli_error(cmd, "option '--%s' belongs to 'verify switches --game'",
                            o.only ? "only" : o.timings ? "timings" : "cache");
    if (o.cache && pb_cli_dist())
        return pb_cli_error(cmd, "--cache runs in one process: use paperbowl, not paperbowl-mpi");
    if (o.lng && o.quick)
        return pb_cli_error(cmd, "--long and --quick do not go together");
    if (xc)
        return run_crosscheck(cmd, &o);
    if (strcmp(sub, "invariants") == 0)
        return run_invariants(cmd, &o);
    if (strcmp(sub, "switches") == 0)
        return run_switches(cmd, &o);
    return run_findings(cmd, &o);
}

typedef struct {
    size_t item;
    mpq_ptr size;   /* the largest change of a probability summary, cards 23 and 24 left out */
    mpq_ptr any;    /* ... over every cell */
} ranked_switch;

static int ranked_cmp(const void *pa, const void *pb)
{
    const ranked_switch *a = pa, *b = pb;
    int c = mpq_cmp(b->size, a->size);
    if (c)
        return c;
    c = mpq_cmp(b->any, a->any);
    if (c)
        return c;
    return a->item < b->item ? -1 : a->item > b->item;
}

static void print_change(const char *label, mpq_srcptr delta, int k, const pb_verify_cell *where)
{
    char dec[48], name[128];
    pb_verify_fmt(dec, sizeof dec, delta, pb_verify_sum[k].probability, true);
    pb_verify_cell_name(where, name, sizeof name);
    char *exact = pb_verify_fraction(delta, true);
    if (!exact)
        pb_cli_oom_exit();
    printf("    %-9s %-13s %9s at %s (exact %s)\n", label, pb_verify_sum[k].name, dec, name, exact);
    free(exact);
}

static int run_switches(const char *cmd, opts *o)
{
    pb_ruleset rs;
    if (load_ruleset(cmd, o->ruleset, o->switches, o->nswitches, &rs) != 0)
        return PB_EXIT_USAGE;
    if (o->game) {
        pb_cli_sweep_opts so = {o->threads, o->lead_cap, o->timings, o->only, o->cache, o->switches, o->nswitches};
        return pb_cli_verify_switches_game(&rs, &o->policies, &so);
    }
    pb_verify_switches_result res;
    char err[512];
    pb_verify_cells cells;
    pb_verify_cells_init(&cells);
    pb_verify_cells_grid_at(&cells, rs.fg_max_togo, o->ntogo ? o->togos : NULL, o->ntogo);
    double t0 = pb_verify_now();
    int rc = pb_verify_switches(&rs, &o->policies, &cells, o->threads, &res, err, sizeof err);
    pb_verify_cells_release(&cells);
    if (rc != 0)
        return pb_cli_error(cmd, "%s", err);
    double secs = pb_verify_now() - t0;
    char pol[128];
    pb_policies_format(&o->policies, pol, sizeof pol);
    printf("switch impact: each switch of doc/model.md section 7 flipped alone, on %s\n", rs.name);
    printf("grid: offense x defense x card none/01-24 x togo %s at 1st and 10, tied, full timeouts;\n"
           "card 07 also leading by 1; the special teams (%zu cells); policies %s; %.1f s\n",
           o->ntogo ? "(--togo)" : "1-99", res.count ? res.items[0].cells : (size_t)0, pol, secs);
    printf("for each summary: the largest change over all cells, and (when it is elsewhere) the largest\n"
           "direct one, leaving out cards 23 and 24 (their best response can turn a small change of\n"
           "one call's value into a different call)\n\n");
    mpq_t direct[64], any[64];
    ranked_switch rank[64];
    size_t nrank = 0;
    for (size_t i = 0; i < res.count; i++) {
        const pb_verify_switch_impact *it = &res.items[i];
        printf("%s = %s (default %s): %zu of %zu cells change (%zu in a summary)\n", it->id, it->value_name,
               it->default_name, it->changed, it->cells, it->summary_changed);
        if (nrank < 64) {
            mpq_inits(direct[nrank], any[nrank], NULL);
            for (int k = 0; k < PB_VERIFY_NSUM; k++)
                if (pb_verify_sum[k].probability) {
                    if (mpq_cmp(it->dmax[k], direct[nrank]) > 0)
                        mpq_set(direct[nrank], it->dmax[k]);
                    if (mpq_cmp(it->max[k], any[nrank]) > 0)
                        mpq_set(any[nrank], it->max[k]);
                }
            rank[nrank].item = i;
            rank[nrank].size = direct[nrank];
            rank[nrank].any = any[nrank];
            nrank++;
        }
        for (int k = 0; k < PB_VERIFY_NSUM; k++) {
            if (mpq_sgn(it->max[k]) == 0)
                continue;
            print_change("largest", it->delta[k], k, &it->where_cell[k]);
            int card = it->where_cell[k].action == PB_ACTION_PLAY ? it->where_cell[k].card : 0;
            if ((card == 23 || card == 24) && mpq_sgn(it->dmax[k]))
                print_change("  direct", it->ddelta[k], k, &it->dwhere_cell[k]);
        }
        if (it->changed == 0)
            printf("    no single play or kick changes\n");
    }
    qsort(rank, nrank, sizeof *rank, ranked_cmp);
    printf("\nranking by the largest direct change of a probability (which ambiguities matter):\n");
    printf("  %-3s %-12s   %-14s %8s %8s  %s\n", "", "switch", "value", "direct", "any", "cells changed");
    for (size_t r = 0; r < nrank; r++) {
        const pb_verify_switch_impact *it = &res.items[rank[r].item];
        char d[48], a[48];
        pb_verify_fmt(d, sizeof d, rank[r].size, true, false);
        pb_verify_fmt(a, sizeof a, rank[r].any, true, false);
        printf("  %2zu. %-12s = %-14s %8s %8s  %zu%s\n", r + 1, it->id, it->value_name, d, a, it->changed,
               it->changed ? (mpq_sgn(rank[r].any) ? "" : "  (moves only turnover spots / means)")
                           : "  (no single play or kick changes)");
    }
    if (res.nsingle) {
        printf("\nswitches with a single reading (nothing to flip):");
        for (size_t i = 0; i < res.nsingle; i++)
            printf(" %s", res.single[i]);
        printf("\n");
    }
    for (size_t r = 0; r < nrank; r++)
        mpq_clears(direct[r], any[r], NULL);
    pb_verify_switches_release(&res);
    return PB_EXIT_OK;
}

static int run_findings(const char *cmd, opts *o)
{
    pb_ruleset rs;
    if (load_ruleset(cmd, o->ruleset, o->switches, o->nswitches, &rs) != 0)
        return PB_EXIT_USAGE;
    pb_verify_table *t;
    char err[512];
    double t0 = pb_verify_now();
    if (pb_verify_table_build(&t, &rs, &o->policies, o->threads, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    double secs = pb_verify_now() - t0;
    char pol[128];
    pb_policies_format(&o->policies, pol, sizeof pol);
    printf("findings on %s: every offense x defense x card (none, 01-24, the deck) x togo 1-99 at 1st and 10,\n"
           "tied, timeouts 3,3; policies %s; exact comparisons; %.1f s\n\n", rs.name, pol, secs);
    char *text = NULL;   /* in memory first: out of memory prints only the message */
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    int rc = m ? pb_verify_findings_report(t, &rs, (size_t)o->top, m) : -1;
    if (m && fclose(m) != 0)
        rc = -1;
    pb_verify_table_free(t);
    if (rc != 0) {
        free(text);
        return pb_cli_error(cmd, "out of memory");
    }
    fwrite(text, 1, len, stdout);
    free(text);
    return PB_EXIT_OK;
}
