/* cli/verify_deck.c: `paperbowl verify deck`: what the solver's uniform card costs, measured on
 * the simulator by paired runs (verify/deck.h): for each edition, the coin toss and the EP of a
 * drive from three spots under the uniform card and the rulebook's dealt decks, on common random
 * numbers, with the paired and the independent runs' standard errors, the solver's toss beside
 * them when its value file is at hand, and a planted 1 % change of one card's effect, which the
 * paired check must detect. The figures are cached (--cache-out, default out/deck-<ruleset>.txt)
 * for `solve game`'s headline. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_progress.h"
#include "deck.h"
#include "outfile.h"
#include "solve_game.h"
#include "strategy.h"
#include "verify_deck.h"
#include "verify_deck_fourth.h"
#include "wp.h"
#include "workers.h"
#include "wp_file.h"

extern const pb_evaluator *pb_enum_evaluator(void) __attribute__((weak));

static const char usage[] =
    "usage: paperbowl verify deck [--ruleset R] [--games N] [--drives N] [--fourth-drives N] [--seed S]\n"
    "                             [--values FILE] [--threads N] [--json] [--output DIR | --no-cache]\n\n"
    "What the solver's uniform card (each snap's card drawn from the 24) changes against the\n"
    "rulebook's deck (each quarter and the overtime: 4 of the 24 set aside for the extra plays, the\n"
    "other 20 turned without replacement). The same games are played twice on common random\n"
    "numbers (the same coin toss, strategy mixes and dice streams; the card process the only\n"
    "difference), coach against coach, so that the difference's standard error is the paired one.\n"
    "For each edition (both embedded ones unless --ruleset): the coin toss (kick minus receive) with\n"
    "the solver's certified value when its value file is at hand, and the EP of a drive chain from\n"
    "the own 20, midfield and the opponent's 20; each with the real deck's difference, its paired SE\n"
    "beside two independent runs' SE, and whether the toss's choice holds at 3 SE under the real\n"
    "deck. The drive solver's 4th-down calls (go, field goal, punt) at three fixed states and its\n"
    "three closest calls: each call forced there, the solved drive strategy on both sides, under both\n"
    "decks; whether the call holds, flips or is undecided at 3 SE under the real deck. Then a\n"
    "planted change (card 16's effect removed on 1 in 100 of its snaps, the uniform\n"
    "card otherwise) measured the same way from the own 20: the paired check must see it (|z| > 3).\n"
    "The toss with the solved strategy playing both decks instead of the coach: 'solve check\n"
    "--paired' (the game solved twice; doc/deck.md).\n\n"
    "  --ruleset R          one edition or a ruleset file (default: v1.11-ja and v1.11-en)\n"
    "  --games N            paired whole games (default 1000000)\n"
    "  --drives N           paired drive chains from each spot (default 1000000)\n"
    "  --fourth-drives N    paired drive chains for each 4th-down call (default 1000000; 0: leave\n"
    "                       the 4th-down calls out)\n"
    "  --plant-drives N     paired drive chains for the planted change (default 10000000; the\n"
    "                       uniform run is replayed only where the plant changed a snap)\n"
    "  --seed S             random seed (default 1)\n"
    "  --values FILE        the solver's value file for the toss (one --ruleset; default\n"
    "                       DIR/game-<ruleset>.pbv when it exists, DIR the --output)\n"
    "  --threads N          threads (default: " PB_CLI_CPUS "; the output is the same)\n"
    "  --json               JSON instead of text\n"
    "  --output DIR         where the figures are cached, as DIR/deck-<ruleset>.txt (default out/):\n"
    "                       'solve game --output DIR' prints them under its coin toss\n"
    "  --no-cache           do not write that file\n";

typedef struct {
    const char *ruleset, *values, *outdir;
    uint64_t games, drives, plant_drives, seed, fourth_drives;
    int threads, json, no_cache;
} deck_opts;

static const int spots[3] = {80, 50, 20};
static const char *const spot_names[3] = {"own 20", "midfield", "opp 20"};

typedef struct {
    pb_verify_pair_stats_t toss, ep[3], plant;
    pb_verify_pair toss_sum, plant_sum;
    pb_verify_fourth fourth;
    int have_solver, have_fourth;
    double solver_toss, solver_bound;
    char solver_why[400];
} deck_result;

static void progress_line(const char *what)
{
    if (pb_cli_progress_enabled())
        fprintf(stderr, "\r%-60s", what);
}

/* The solver's toss from the value file: kick minus receive, 2 wp - 1, and its bound. */
static void solver_toss(const pb_ruleset *rs, const char *path, deck_result *r)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        snprintf(r->solver_why, sizeof r->solver_why, "no value file at %s ('solve game' writes it)", path);
        return;
    }
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    int P = 2 * rs->plays_per_quarter, T = rs->sw.timeouts;
    pb_wp_moment m = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    pb_wp *w = NULL;
    char err[400];
    pb_wp_value v;
    if (pb_wp_file_read_moment(&w, path, rs, &pol, 0, &m, err, sizeof err) != 0 ||
        pb_wp_value_at(w, &m, &v, err, sizeof err) != 0) {
        snprintf(r->solver_why, sizeof r->solver_why, "%s", err);
        pb_wp_free(w);
        return;
    }
    r->have_solver = 1;
    r->solver_toss = 2 * v.wp - 1;
    r->solver_bound = 2 * v.bound;
    pb_wp_free(w);
}

static int run_edition(const char *cmd, const deck_opts *o, const pb_ruleset *rs, deck_result *r)
{
    char err[400];
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pb_strategy coach;
    if (pb_strategy_load(&coach, PB_STRATEGY_DEFAULT, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    pb_sim_eval *memo = pb_enum_evaluator ? pb_sim_eval_create(pb_enum_evaluator(), rs, &pol) : NULL;
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = rs;
    cfg.policies = pol;
    cfg.eval = memo ? pb_sim_eval_evaluator(memo) : NULL;
    cfg.timeouts = memo ? pb_sim_eval_decider(memo) : NULL;
    cfg.returns = memo ? pb_sim_eval_return_decider(memo) : NULL;
    cfg.strategy[PB_HOME] = cfg.strategy[PB_AWAY] = &coach;
    cfg.seed = o->seed;
    cfg.threads = o->threads;
    int status = PB_EXIT_OK;
    char what[200];
    snprintf(what, sizeof what, "%s: %" PRIu64 " paired games", rs->name, o->games);
    progress_line(what);
    cfg.games = o->games;
    if (pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_REAL, &r->toss_sum, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
        goto out;
    }
    /* kick - receive = 2 (P(win) + P(tie)/2) - 1: the doubled result (2, 1, 0) minus 1 */
    pb_verify_pair_stats(&r->toss_sum, 1.0, &r->toss);
    r->toss.mean[0] -= 1;
    r->toss.mean[1] -= 1;
    cfg.drive = true;
    cfg.drive_down = 1;
    cfg.games = o->drives;
    for (int i = 0; i < 3; i++) {
        cfg.drive_togo = spots[i];
        cfg.drive_ytg = spots[i] < rs->first_down_yards ? spots[i] : rs->first_down_yards;
        snprintf(what, sizeof what, "%s: %" PRIu64 " paired drives from togo %d", rs->name, o->drives, spots[i]);
        progress_line(what);
        pb_verify_pair p;
        if (pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_REAL, &p, err, sizeof err) != 0) {
            status = pb_cli_error(cmd, "%s", err);
            goto out;
        }
        pb_verify_pair_stats(&p, 1.0, &r->ep[i]);
    }
    if (o->fourth_drives > 0) {
        snprintf(what, sizeof what, "%s: the 4th-down calls, %" PRIu64 " paired drives each", rs->name, o->fourth_drives);
        progress_line(what);
        status = pb_verify_deck_fourth(cmd, &cfg, o->fourth_drives, &r->fourth);
        if (status != PB_EXIT_OK)
            goto out;
        r->have_fourth = 1;
    }
    cfg.drive_down = 1;
    cfg.drive_togo = spots[0];
    cfg.drive_ytg = rs->first_down_yards < 80 ? rs->first_down_yards : 80;
    snprintf(what, sizeof what, "%s: the planted change", rs->name);
    progress_line(what);
    cfg.games = o->plant_drives;
    if (pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_PLANT, &r->plant_sum, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
        goto out;
    }
    pb_verify_pair_stats(&r->plant_sum, 1.0, &r->plant);
out:
    if (pb_cli_progress_enabled())
        fprintf(stderr, "\r%-60s\r", "");
    pb_sim_eval_free(memo);
    pb_strategy_release(&coach);
    return status;
}

/* The toss's choice from a value and its SE: "receive", "kick", or "undecided" within 3 SE. */
static const char *choice(double v, double se)
{
    return v < -3 * se ? "receive" : v > 3 * se ? "kick" : "undecided";
}

/* Games for the real deck's toss to be decided at 3 SE (its SE falls as 1/sqrt(n)). */
static double games_to_decide(double v, double se, uint64_t n)
{
    if (v == 0)
        return INFINITY;
    double k = 3 * se / fabs(v);
    return (double)n * k * k;
}

static void print_text(FILE *out, const pb_ruleset *rs, const deck_opts *o, const deck_result *r)
{
    fprintf(out, "%s: coach vs coach, seed %" PRIu64 ", common random numbers (the same coin toss, strategy mixes and\n"
                 "dice streams; the card process the only difference); real = the rulebook's deal\n",
            rs->source, o->seed);
    const pb_verify_pair_stats_t *t = &r->toss;
    fprintf(out, "coin toss (kick - receive), %" PRIu64 " paired games:\n", r->toss_sum.n);
    if (r->have_solver)
        fprintf(out, "  solver (uniform card, solved play)   %+.6f (+- %.2g): %s\n", r->solver_toss, r->solver_bound,
                choice(r->solver_toss, r->solver_bound / 3));
    else
        fprintf(out, "  solver (uniform card, solved play)   not at hand: %s\n", r->solver_why);
    fprintf(out, "  uniform card, simulated              %+.6f (SE %.6f): %s\n", t->mean[0], t->se[0],
            choice(t->mean[0], t->se[0]));
    fprintf(out, "  real deck, simulated                 %+.6f (SE %.6f): %s\n", t->mean[1], t->se[1],
            choice(t->mean[1], t->se[1]));
    fprintf(out, "  real - uniform                       %+.6f (paired SE %.6f, independent runs' SE %.6f), z = %+.2f\n",
            t->diff, t->se_paired, t->se_independent, t->z);
    const char *want = r->have_solver ? choice(r->solver_toss, r->solver_bound / 3) : choice(t->mean[0], t->se[0]);
    const char *real = choice(t->mean[1], t->se[1]);
    if (strcmp(real, "undecided") == 0)
        fprintf(out, "  the toss under the real deck: undecided at 3 SE; one of the %s's size (%.3g) takes about %.2g games\n",
                r->have_solver ? "solver" : "uniform simulation", fabs(r->have_solver ? r->solver_toss : t->mean[0]),
                games_to_decide(r->have_solver ? r->solver_toss : t->mean[0], t->se[1], r->toss_sum.n));
    else
        fprintf(out, "  the toss under the real deck: %s at 3 SE (the %s's choice: %s) -> %s\n", real,
                r->have_solver ? "solver" : "uniform simulation", want,
                strcmp(real, want) == 0 ? "holds" : "does not hold");
    fprintf(out, "drive EP (next-score points, home - away), from 1st and 10, %" PRIu64 " paired drive chains each:\n",
            o->drives);
    fprintf(out, "  %-9s %10s %9s %10s %9s %10s %10s %10s %7s\n", "from", "uniform", "SE", "real", "SE", "real-unif",
            "paired SE", "indep. SE", "z");
    for (int i = 0; i < 3; i++) {
        const pb_verify_pair_stats_t *e = &r->ep[i];
        fprintf(out, "  %-9s %10.5f %9.5f %10.5f %9.5f %+10.5f %10.5f %10.5f %+7.2f\n", spot_names[i], e->mean[0],
                e->se[0], e->mean[1], e->se[1], e->diff, e->se_paired, e->se_independent, e->z);
    }
    if (r->have_fourth)
        pb_verify_deck_fourth_text(out, &r->fourth);
    const pb_verify_pair_stats_t *p = &r->plant;
    fprintf(out, "planted change (card %02d's effect removed on 1 in 100 of its snaps), drives from the own 20:\n"
                 "  %+.6f (paired SE %.6f, independent runs' SE %.6f; %" PRIu64 " of %" PRIu64 " drives differ), z = %+.2f: %s\n",
            PB_VERIFY_DECK_PLANT_CARD, p->diff, p->se_paired, p->se_independent, r->plant_sum.differ, r->plant_sum.n,
            p->z, fabs(p->z) > 3 ? "detected" : "NOT detected");
}

static void print_pair_json(FILE *out, const char *name, const pb_verify_pair_stats_t *s)
{
    fprintf(out, "\"%s\":{\"uniform\":%.9g,\"uniform_se\":%.6g,\"real\":%.9g,\"real_se\":%.6g,\"diff\":%.9g,"
                 "\"se_paired\":%.6g,\"se_independent\":%.6g,\"z\":%.4f}",
            name, s->mean[0], s->se[0], s->mean[1], s->se[1], s->diff, s->se_paired, s->se_independent, s->z);
}

static void print_json(FILE *out, const pb_ruleset *rs, const deck_opts *o, const deck_result *r)
{
    fprintf(out, "{\"ruleset\":\"%s\",\"seed\":%" PRIu64 ",\"games\":%" PRIu64 ",\"drives\":%" PRIu64 ",", rs->name,
            o->seed, r->toss_sum.n, o->drives);
    if (r->have_solver)
        fprintf(out, "\"solver_toss\":%.9g,\"solver_bound\":%.3g,", r->solver_toss, r->solver_bound);
    else
        fputs("\"solver_toss\":null,", out);
    print_pair_json(out, "toss", &r->toss);
    fprintf(out, ",\"toss_real_choice\":\"%s\",\"ep\":[", choice(r->toss.mean[1], r->toss.se[1]));
    for (int i = 0; i < 3; i++) {
        fprintf(out, "%s{\"togo\":%d,", i ? "," : "", spots[i]);
        print_pair_json(out, "ep", &r->ep[i]);
        fputc('}', out);
    }
    fputs("],", out);
    if (r->have_fourth) {
        pb_verify_deck_fourth_json(out, &r->fourth);
        fputc(',', out);
    }
    fprintf(out, "\"plant\":{\"card\":%d,\"diff\":%.9g,\"se_paired\":%.6g,\"se_independent\":%.6g,\"z\":%.4f,"
                 "\"detected\":%s}}\n",
            PB_VERIFY_DECK_PLANT_CARD, r->plant.diff, r->plant.se_paired, r->plant.se_independent, r->plant.z,
            fabs(r->plant.z) > 3 ? "true" : "false");
}

/* out/deck-<ruleset>.txt: one line for `solve game` (cli/solve_game_print.c reads it back). */
static int write_cache(const char *cmd, const pb_ruleset *rs, const deck_opts *o, const deck_result *r)
{
    char *path = pb_cli_deck_cache_path(rs->name, o->outdir);
    if (!path)
        return pb_cli_error(cmd, "out of memory");
    char line[400], err[400];
    const pb_verify_pair_stats_t *t = &r->toss;
    int n = snprintf(line, sizeof line,
                     "kick - receive %+.6f (SE %.6f, %" PRIu64 " games, coach vs coach; real - uniform %+.6f, paired SE "
                     "%.6f), %s at 3 SE; seed %" PRIu64 "\n",
                     t->mean[1], t->se[1], r->toss_sum.n, t->diff, t->se_paired, choice(t->mean[1], t->se[1]), o->seed);
    int rc = PB_EXIT_OK;
    struct stat sb;
    if (stat(o->outdir, &sb) != 0 && mkdir(o->outdir, 0777) != 0 && errno != EEXIST)
        rc = pb_cli_error(cmd, "--output: cannot make '%s': %s", o->outdir, strerror(errno));
    else if (pb_outfile_write(path, line, (size_t)n, err, sizeof err) != 0)
        rc = pb_cli_error(cmd, "%s", err);
    free(path);
    return rc;
}

int pb_cli_verify_deck(int argc, char **argv)
{
    const char *cmd = "verify deck";
    enum { O_RULESET = 1000, O_GAMES, O_DRIVES, O_SEED, O_VALUES, O_THREADS, O_JSON, O_NO_CACHE, O_OUTPUT, O_PLANT,
           O_FOURTH };
    static const struct option options[] = {
        {"ruleset", required_argument, NULL, O_RULESET}, {"games", required_argument, NULL, O_GAMES},
        {"drives", required_argument, NULL, O_DRIVES}, {"seed", required_argument, NULL, O_SEED},
        {"values", required_argument, NULL, O_VALUES}, {"threads", required_argument, NULL, O_THREADS},
        {"json", no_argument, NULL, O_JSON}, {"no-cache", no_argument, NULL, O_NO_CACHE},
        {"output", required_argument, NULL, O_OUTPUT}, {"plant-drives", required_argument, NULL, O_PLANT},
        {"fourth-drives", required_argument, NULL, O_FOURTH},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    deck_opts o = {NULL, NULL, "out", 1000000, 1000000, 10000000, 1, 1000000, 0, 0, 0};
    uint64_t threads = 0;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.first = 2;
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_RULESET:
            o.ruleset = g.arg;
            break;
        case O_GAMES:
            if (pb_cli_u64(cmd, "--games", g.arg, 1, UINT64_C(1) << 36, &o.games) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DRIVES:
            if (pb_cli_u64(cmd, "--drives", g.arg, 1, UINT64_C(1) << 36, &o.drives) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_PLANT:
            if (pb_cli_u64(cmd, "--plant-drives", g.arg, 1, UINT64_C(1) << 36, &o.plant_drives) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_FOURTH:
            if (pb_cli_u64(cmd, "--fourth-drives", g.arg, 0, UINT64_C(1) << 36, &o.fourth_drives) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SEED:
            if (pb_cli_u64(cmd, "--seed", g.arg, 0, UINT64_MAX, &o.seed) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_VALUES:
            o.values = g.arg;
            break;
        case O_THREADS:
            if (pb_cli_u64(cmd, "--threads", g.arg, 1, PB_WORKERS_MAX, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_JSON:
            o.json = 1;
            break;
        case O_NO_CACHE:
            o.no_cache = 1;
            break;
        case O_OUTPUT:
            o.outdir = g.arg;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (o.values && !o.ruleset)
        return pb_cli_error(cmd, "--values goes with one --ruleset (the file is one ruleset's)");
    if (o.no_cache && strcmp(o.outdir, "out") != 0)
        return pb_cli_error(cmd, "--output and --no-cache do not go together");
    if (o.values && access(o.values, R_OK) != 0)
        return pb_cli_error(cmd, "--values: cannot read '%s': %s", o.values, strerror(errno));
    if (threads == 0)
        threads = (uint64_t)pb_workers_default();
    o.threads = (int)threads;
    const char *editions[2] = {"v1.11-ja", "v1.11-en"};
    int count = o.ruleset ? 1 : 2;
    if (o.ruleset)
        editions[0] = o.ruleset;
    int status = PB_EXIT_OK;
    pb_ruleset *rs = malloc(sizeof *rs);
    if (!rs)
        return pb_cli_error(cmd, "out of memory");
    if (o.json && count > 1)
        fputc('[', stdout);
    for (int e = 0; e < count && status == PB_EXIT_OK; e++) {
        if (pb_cli_ruleset(cmd, editions[e], rs) != 0) {
            status = PB_EXIT_USAGE;
            break;
        }
        deck_result r;
        memset(&r, 0, sizeof r);
        pb_policies best;   /* the solver's default policies: every one at best */
        memset(&best, 0, sizeof best);
        char *path = o.values ? NULL : pb_cli_game_value_path(rs->name, NULL, 0, &best, o.outdir);
        solver_toss(rs, o.values ? o.values : path, &r);
        free(path);
        status = run_edition(cmd, &o, rs, &r);
        if (status != PB_EXIT_OK)
            break;
        if (o.json) {
            if (e)
                fputc(',', stdout);
            print_json(stdout, rs, &o, &r);
        } else {
            if (e)
                fputc('\n', stdout);
            print_text(stdout, rs, &o, &r);
        }
        fflush(stdout);
        if (!o.no_cache)
            status = write_cache(cmd, rs, &o, &r);
    }
    if (o.json && count > 1 && status == PB_EXIT_OK)
        fputs("]\n", stdout);
    free(rs);
    return status;
}
