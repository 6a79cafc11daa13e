/* cli/cmd_tune.c: `paperbowl tune`: which rule values give the target the designer wants.
 * Reads the options into a tune (tune/tune.h), checks the whole tune before any evaluation (an
 * unknown key, an empty range, a target that is not a number, a value the ruleset refuses: one
 * message, status 2, nothing written), runs it (a progress line on a terminal) and prints the
 * table value -> target, the best and any tie; --json the same as one object; --report FILE.html
 * a page with the chart (cli/tune_report.c). Status 1: a bisection found the target not monotone. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ask_define.h"
#include "cli.h"
#include "cli_progress.h"
#include "exact.h"
#include "outfile.h"
#include "tune.h"
#include "tune_report.h"
#include "workers.h"

static const char usage[] =
    "usage: paperbowl tune --vary KEY=VALUES [--vary ...] --target 'QUESTION' [--equal X|--min|--max]\n"
    "                      [--balance --target ... --target ...] [--bisect] [OPTIONS]\n\n"
    "Varies numbers of the ruleset and answers an 'ask' question at each value: which value gives\n"
    "what the designer wants. Several --vary make a grid (every combination).\n\n"
    "  --vary KEY=VALUES    KEY is section.key as 'paperbowl rules show' prints it (pat.kick_at_least,\n"
    "                       punt.distance, 'defense 5.run', field_goal.within_30) or a switch's id\n"
    "                       (END-LINE); VALUES: LO..HI, LO..HI/STEP, a list a,b,c, or {a|b|c} for\n"
    "                       values with spaces ('field_goal.within_30={1|1 2|1 2 3}')\n"
    "  --target 'QUESTION'  an 'ask' question that is a number: P(...), E(...), E(next_score) ...;\n"
    "                       'A - B' (a minus between spaces) is the difference of two; with --game\n"
    "                       also WP ... and timeout_value ... (see 'paperbowl ask --help')\n"
    "  --equal X            the best is the value whose target is closest to X (0.9, 1/2)\n"
    "  --min, --max         the best is the smallest / largest target\n"
    "  --balance            several --target: the best makes them as equal as possible (the\n"
    "                       smallest spread, largest minus smallest)\n"
    "  --bisect             one KEY of whole numbers and --equal X: find the crossing by bisection\n"
    "                       (a few evaluations); a target seen not to be monotone stops it (status 1)\n"
    "  --check-monotone     with --bisect: evaluate every value too and check the whole order\n"
    "  --game               allow game-level targets (WP, timeout_value): a game solve per ruleset,\n"
    "                       its value file kept in the --cache folder and read again when fresh\n"
    "  --cache DIR          the folder of those value files (default out)\n"
    "  --lead-cap N         the game solver's lead cap (default its own)\n"
    "  --json               the rows and the best as one JSON object\n"
    "  --report FILE.html   also write a page with the chart (target by value; a heat map for two keys)\n"
    "  --places N           decimal places of the decimals (default 4)\n"
    "  --threads N          threads (default: " PB_CLI_CPUS "); the output is the same for any N\n"
    "  --define NAME=EVENT  name an event for the targets (repeatable)\n"
    "  --no-progress        no progress line (it is shown on a terminal's standard error only)\n\n"
    "An exact target (P, E) is printed as a fraction and its decimal; a solver's (E(next_score), WP) as\n"
    "its value with the certified bound (+-). Rows whose values cannot be told apart within their\n"
    "bounds are all marked best: a tie, not a choice.\n\n"
    "examples\n"
    "  paperbowl tune --vary pat.kick_at_least=2..12 --target 'P(success) kick=pat' --equal 0.9\n"
    "  paperbowl tune --vary punt.distance=30..60/5 --target 'E(next_score) togo=65 down=4 ytg=5' --max\n"
    "  paperbowl tune --vary 'field_goal.within_30={1|1 2|1 2 3}' --target 'P(success) kick=fg togo=30' --equal 1/2\n\n"
    "defaults of the targets' situations (a question's own conditions win):\n"
    "%s";

static int cols_of(const pb_tune *t, int i, int places, char *buf, size_t len, const pb_tune_value *v)
{
    (void)t;
    (void)i;
    char f[512], d[128];
    if (!v->defined)
        return snprintf(buf, len, "-");
    pb_tune_value_decimal(v, places, d, sizeof d);
    if (v->exact) {
        pb_tune_value_fraction(v, f, sizeof f);
        return snprintf(buf, len, "%s  %s", f, d);
    }
    return snprintf(buf, len, "%s \xc2\xb1 %.2g", d, v->bound);
}

/* An exact value's fraction into f (else f empty) and its decimal (a certified one: with +- bound). */
static void cell_parts(const pb_tune_value *v, int places, char *f, size_t flen, char *d, size_t dlen)
{
    f[0] = '\0';
    if (!v->defined) {
        snprintf(d, dlen, "-");
        return;
    }
    char dec[128];
    pb_tune_value_decimal(v, places, dec, sizeof dec);
    if (v->exact) {
        pb_tune_value_fraction(v, f, flen);
        snprintf(d, dlen, "%s", dec);
    } else {
        snprintf(d, dlen, "%s \xc2\xb1 %.2g", dec, v->bound);
    }
}

static void print_text(const pb_tune *t, int places, bool stopped)
{
    const pb_tune_opts *o = pb_tune_options(t);
    int nk = pb_tune_nkeys(t), nt = pb_tune_ntargets(t);
    printf("ruleset  %s\n", pb_tune_base_label(t));
    for (int k = 0; k < nk; k++) {
        const pb_tune_key *key = pb_tune_key_at(t, k);
        printf("vary     %s: %d value%s\n", key->name, key->n, key->n == 1 ? "" : "s");
    }
    for (int i = 0; i < nt; i++) {
        pb_tune_level l = pb_tune_target_level(t, i);
        printf("target%s  %s  (%s level: %s)\n", nt > 1 ? "" : " ", pb_tune_target_text(t, i), pb_tune_level_name(l),
               l == PB_TUNE_PLAY ? "exact" : "certified bounds");
    }
    if (o->goal == PB_TUNE_GOAL_EQUAL) {
        mpq_t x;
        mpq_init(x);
        pb_tune_equal_value(t, x);
        char f[256], d[128];
        pb_exact_fraction(f, sizeof f, x);
        pb_exact_decimal(d, sizeof d, x, places);
        printf("goal     closest to %s (%s)\n", f, d);
        mpq_clear(x);
    } else if (o->goal == PB_TUNE_GOAL_MIN || o->goal == PB_TUNE_GOAL_MAX) {
        printf("goal     the %s\n", o->goal == PB_TUNE_GOAL_MIN ? "smallest" : "largest");
    } else if (o->balance) {
        printf("goal     the targets as equal as possible (the smallest spread)\n");
    }
    printf("\n");
    /* the table: one column per key, one per target, the spread when balanced */
    long n = pb_tune_nrows(t);
    int w[PB_TUNE_KEYS_MAX];
    for (int k = 0; k < nk; k++) {
        const pb_tune_key *key = pb_tune_key_at(t, k);
        w[k] = (int)strlen(key->name);
        for (int i = 0; i < key->n; i++)
            if ((int)strlen(key->value[i]) > w[k])
                w[k] = (int)strlen(key->value[i]);
    }
    /* each value column: the fraction (exact) and the decimal, aligned */
    int ncol = nt + (nt > 1), fw[PB_TUNE_TARGETS_MAX + 1] = {0}, dw[PB_TUNE_TARGETS_MAX + 1] = {0};
    char hd[PB_TUNE_TARGETS_MAX + 1][16];
    for (int c = 0; c < ncol; c++) {
        snprintf(hd[c], sizeof hd[c], c == nt ? "spread" : nt > 1 ? "target %d" : "target", c + 1);
    }
    for (long r = 0; r < n; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        for (int c = 0; c < ncol; c++) {
            const pb_tune_value *v = c == nt ? &row->score : &row->t[c];
            char f[1024], d[256];
            cell_parts(v, places, f, sizeof f, d, sizeof d);
            if ((int)strlen(f) > fw[c])
                fw[c] = (int)strlen(f);
            if ((int)strlen(d) > dw[c])
                dw[c] = (int)strlen(d);
        }
    }
    for (int k = 0; k < nk; k++)
        printf("%-*s  ", w[k], pb_tune_key_at(t, k)->name);
    for (int c = 0; c < ncol; c++) {
        int width = (fw[c] ? fw[c] + 2 : 0) + dw[c];
        if (width < (int)strlen(hd[c]))
            width = (int)strlen(hd[c]);
        printf("%-*s%s", c + 1 < ncol ? width : 0, hd[c], c + 1 < ncol ? "  " : "");
    }
    printf("\n");
    for (long r = 0; r < n; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        char line[8192];
        size_t u = 0;
        for (int k = 0; k < nk; k++)
            u += (size_t)snprintf(line + u, sizeof line - u, "%-*s  ", w[k], pb_tune_key_at(t, k)->value[row->idx[k]]);
        for (int c = 0; c < ncol && u < sizeof line; c++) {
            const pb_tune_value *v = c == nt ? &row->score : &row->t[c];
            char f[1024], d[256];
            cell_parts(v, places, f, sizeof f, d, sizeof d);
            int width = (fw[c] ? fw[c] + 2 : 0) + dw[c];
            if (width < (int)strlen(hd[c]))
                width = (int)strlen(hd[c]);
            char cell[1400];
            if (fw[c])
                snprintf(cell, sizeof cell, "%-*s  %s", fw[c], f, d);
            else
                snprintf(cell, sizeof cell, "%s", d);
            u += (size_t)snprintf(line + u, sizeof line - u, "%-*s%s", width, cell, c + 1 < ncol ? "  " : "");
        }
        while (u > 0 && line[u - 1] == ' ')
            line[--u] = '\0';
        printf("%s%s\n", line, row->best ? (pb_tune_nbest(t) > 1 ? "  <- tie" : "  <- best") : "");
    }
    const pb_tune_bisection *b = pb_tune_bisection_info(t);
    if (b->used) {
        const pb_tune_key *key = pb_tune_key_at(t, 0);
        printf("\nbisection: %d evaluation%s of %d values; the target %s with %s; monotonicity %s\n", b->evaluations,
               b->evaluations == 1 ? "" : "s", key->n, b->direction > 0 ? "rises" : "falls", key->name,
               b->monotone_checked ? "checked at every value" : "checked at the values evaluated, assumed between them");
        if (b->outside && !stopped)
            printf("the target does not reach the goal inside the range: the nearer end is the best\n");
    }
    int nb = pb_tune_nbest(t);
    if (nb == 0) {
        if (stopped)
            printf("\nbest: none (the bisection stopped: the target is not monotone)\n");
        else if (o->goal != PB_TUNE_GOAL_NONE || o->balance)
            printf("\nbest: none (the target has no value in any row)\n");
        return;
    }
    bool exact = true;
    for (long r = 0; r < n; r++)
        if (pb_tune_row_at(t, r)->best && !pb_tune_row_at(t, r)->score.exact)
            exact = false;
    printf("\n%s", nb == 1 ? "best:" : exact ? "tie: exactly as good:" : "tie: these cannot be told apart within their bounds:");
    for (long r = 0, shown = 0; r < n; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        if (!row->best)
            continue;
        printf("%s ", shown++ ? ";" : "");
        for (int k = 0; k < nk; k++)
            printf("%s%s=%s", k ? ", " : "", pb_tune_key_at(t, k)->name, pb_tune_key_at(t, k)->value[row->idx[k]]);
        char buf[1200];
        cols_of(t, 0, places, buf, sizeof buf, nt > 1 ? &row->score : &row->t[0]);
        printf(nt > 1 ? " (spread %s)" : " (%s)", buf);
    }
    printf("\n");
}

static void progress(void *ctx, long done, long total)
{
    (void)ctx;
    pb_cli_progress("evaluations", (double)done, (double)total);
}

int cmd_tune(int argc, char **argv)
{
    enum { O_VARY = 1000, O_TARGET, O_EQUAL, O_MIN, O_MAX, O_BALANCE, O_BISECT, O_CHECKMONO, O_GAME, O_CACHE,
           O_LEADCAP, O_JSON, O_REPORT, O_PLACES, O_THREADS, O_DEFINE, O_PLAY };
    static const struct option options[] = {
        {"vary", required_argument, NULL, O_VARY}, {"target", required_argument, NULL, O_TARGET},
        {"equal", required_argument, NULL, O_EQUAL}, {"min", no_argument, NULL, O_MIN},
        {"max", no_argument, NULL, O_MAX}, {"balance", no_argument, NULL, O_BALANCE},
        {"bisect", no_argument, NULL, O_BISECT}, {"check-monotone", no_argument, NULL, O_CHECKMONO},
        {"game", no_argument, NULL, O_GAME}, {"cache", required_argument, NULL, O_CACHE},
        {"lead-cap", required_argument, NULL, O_LEADCAP}, {"json", no_argument, NULL, O_JSON},
        {"report", required_argument, NULL, O_REPORT}, {"places", required_argument, NULL, O_PLACES},
        {"threads", required_argument, NULL, O_THREADS}, {"define", required_argument, NULL, O_DEFINE},
        PB_CLI_HELP_OPTION,
        PB_CLI_PLAY_OPTIONS(O_PLAY),
        {NULL, 0, NULL, 0}};
    const char *cmd = "tune";
    const char *vary[PB_TUNE_KEYS_MAX + 1], *target[PB_TUNE_TARGETS_MAX + 1];
    int nvary = 0, ntarget = 0, places = 4, goals = 0;
    bool json = false;
    const char *report = NULL;
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    o.threads = pb_workers_default();
    pb_cli_play_opts po;
    pb_cli_play_opts_init(&po);
    pb_ask_defines defs;
    memset(&defs, 0, sizeof defs);
    char *define_copies[PB_ASK_DEFINES_MAX] = {0};
    int status = PB_EXIT_OK, opt;
    pb_tune *t = NULL;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.usage_arg = pb_cli_play_opts_help;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_VARY:
            if (nvary >= PB_TUNE_KEYS_MAX) {
                status = pb_cli_error(cmd, "--vary: too many keys (at most %d)", PB_TUNE_KEYS_MAX);
                goto done;
            }
            vary[nvary++] = g.arg;
            break;
        case O_TARGET:
            if (ntarget >= PB_TUNE_TARGETS_MAX) {
                status = pb_cli_error(cmd, "--target: too many (at most %d)", PB_TUNE_TARGETS_MAX);
                goto done;
            }
            target[ntarget++] = g.arg;
            break;
        case O_EQUAL: o.goal = PB_TUNE_GOAL_EQUAL; o.equal = g.arg; goals++; break;
        case O_MIN: o.goal = PB_TUNE_GOAL_MIN; goals++; break;
        case O_MAX: o.goal = PB_TUNE_GOAL_MAX; goals++; break;
        case O_BALANCE: o.balance = true; break;
        case O_BISECT: o.bisect = true; break;
        case O_CHECKMONO: o.check_monotone = true; break;
        case O_GAME: o.game = true; break;
        case O_CACHE: o.cache = g.arg; break;
        case O_LEADCAP:
            if (pb_cli_int(cmd, "--lead-cap", g.arg, 1, 999, &o.lead_cap) != 0) {
                status = PB_EXIT_USAGE;
                goto done;
            }
            break;
        case O_JSON: json = true; break;
        case O_REPORT: report = g.arg; break;
        case O_PLACES:
            if (pb_cli_int(cmd, "--places", g.arg, 0, 30, &places) != 0) {
                status = PB_EXIT_USAGE;
                goto done;
            }
            break;
        case O_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, PB_WORKERS_MAX, &o.threads) != 0) {
                status = PB_EXIT_USAGE;
                goto done;
            }
            break;
        case O_DEFINE:
            if ((status = pb_cli_ask_define(cmd, g.arg, &defs, define_copies)) != 0)
                goto done;
            break;
        case O_PLAY:
            if (pb_cli_play_option(cmd, g.name, g.arg, &po) != 0) {
                status = PB_EXIT_USAGE;
                goto done;
            }
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT) {
        status = g.status;
        goto done;
    }
    if (pb_cli_opts_no_arguments(&g) != 0) {
        status = PB_EXIT_USAGE;
        goto done;
    }
    if (goals > 1) {
        status = pb_cli_error(cmd, "--equal, --min and --max: give one of them");
        goto done;
    }
    if ((o.cache || o.lead_cap) && !o.game) {
        status = pb_cli_error(cmd, "%s: it is for game-level targets: add --game", o.cache ? "--cache" : "--lead-cap");
        goto done;
    }
    if (report) {
        char err[PB_ERR_MAX];
        if (pb_outfile_check(report, err, sizeof err) != 0) {
            status = pb_cli_error(cmd, "--report: %s", err);
            goto done;
        }
    }
    {
        pb_ask_error e;
        if (pb_ask_defines_check(&defs, &e) != 0) {
            char where[1400];
            pb_ask_error_format(&e, "", &defs, 1, where, sizeof where);
            status = pb_cli_error(cmd, "%s", where);
            goto done;
        }
    }
    o.ruleset = po.ruleset;
    if (po.nswitches > PB_TUNE_SWITCHES_MAX) {
        status = pb_cli_error(cmd, "--switch: too many (at most %d)", PB_TUNE_SWITCHES_MAX);
        goto done;
    }
    for (int i = 0; i < po.nswitches; i++)
        o.switches[o.nswitches++] = po.switches[i];
    o.policies = po.policies;
    if (po.togo_given)
        o.ask.togo = po.sit.togo;
    if (po.down_given)
        o.ask.down = po.sit.down;
    if (po.ytg_given)
        o.ask.ytg = po.sit.ytg;
    if (po.timeouts_given)
        o.ask.timeouts = po.sit.timeouts_off * 10 + po.sit.timeouts_def;
    o.ask.lead = po.sit.lead;
    o.ask.lead_given = true;
    o.ask.policies = po.policies;
    o.dist = pb_cli_dist();
    o.progress = progress;

    char err[2048];
    bool usage_err = false;
    if (pb_tune_new(&t, &o, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
        goto done;
    }
    for (int i = 0; i < nvary; i++)
        if (pb_tune_vary(t, vary[i], err, sizeof err) != 0) {
            status = pb_cli_error(cmd, "%s", err);
            goto done;
        }
    for (int i = 0; i < ntarget; i++)
        if (pb_tune_target(t, target[i], &defs, err, sizeof err) != 0) {
            status = pb_cli_error(cmd, "%s", err);
            goto done;
        }
    if (pb_tune_prepare(t, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "%s", err);
        goto done;
    }
    {
        /* over MPI: every rank must have read the same tune (its ruleset, keys, targets, goal) */
        char opts[8192];
        size_t u = (size_t)snprintf(opts, sizeof opts, "goal %d %s balance %d bisect %d %d game %d lead %d places %d",
                                    (int)o.goal, o.equal ? o.equal : "-", o.balance, o.bisect, o.check_monotone,
                                    o.game, o.lead_cap, places);
        for (int i = 0; i < nvary && u < sizeof opts; i++)
            u += (size_t)snprintf(opts + u, sizeof opts - u, "\nvary %s", vary[i]);
        for (int i = 0; i < ntarget && u < sizeof opts; i++)
            u += (size_t)snprintf(opts + u, sizeof opts - u, "\ntarget %s", target[i]);
        status = pb_cli_agree_inputs(cmd, PB_EXIT_OK, pb_tune_base(t), NULL, &o.policies, opts);
        if (status != PB_EXIT_OK)
            goto done;
    }
    int st = pb_tune_run(t, &usage_err, err, sizeof err);
    pb_cli_progress_clear();
    if (st < 0) {
        pb_cli_error(cmd, "%s", err);
        status = usage_err ? PB_EXIT_USAGE : PB_EXIT_FAIL;
        goto done;
    }
    if (pb_cli_rank() != 0)
        goto done;
    if (st > 0) {
        /* not monotone: the message, then what was evaluated */
        pb_cli_error(cmd, "%s", err);
        status = PB_EXIT_FAIL;
    }
    if (json) {
        char *s = pb_tune_json(t);
        if (!s) {
            status = pb_cli_error(cmd, "out of memory");
            goto done;
        }
        printf("%s\n", s);
        free(s);
    } else {
        print_text(t, places, st > 0);
    }
    if (report && status == PB_EXIT_OK) {
        char rerr[PB_ERR_MAX];
        if (pb_tune_report_write(t, report, places, rerr, sizeof rerr) != 0)
            status = pb_cli_error(cmd, "--report: %s", rerr);
    }
    if (fflush(stdout) != 0 && status == PB_EXIT_OK)
        status = PB_EXIT_FAIL;
done:
    pb_tune_free(t);
    for (int i = 0; i < PB_ASK_DEFINES_MAX; i++)
        free(define_copies[i]);
    return status;
}
