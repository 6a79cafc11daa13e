/* cli/cmd_solve.c: `paperbowl solve ep|state|fourth|special|cards`: the drive solver (solve/drive.h)
 * from the command line: options, the solve, and where the output goes. The printers are in
 * cli/solve_print.c. Output is built in memory and written whole: with --output FILE the file
 * appears complete or not at all (a temporary file, then rename). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_num.h"
#include "outfile.h"
#include "drive.h"
#include "enumerate.h"
#include "solve_game.h"
#include "solve_print.h"

static const char usage[] =
    "usage: paperbowl solve ep|state|fourth|special|cards [OPTIONS]\n"
    "       paperbowl solve game|wp|check ...   (the game solver: 'paperbowl solve game --help')\n\n"
    "Drive expected points under equilibrium play: each snap is a zero-sum game (the offense's call\n"
    "against the defense card, revealed together) and a drive chain is a stochastic game solved to its\n"
    "fixed point from the exact play distributions. EP is the value of the next score for the team with\n"
    "the ball (touchdown 6 + the try, field goal 3, safety -2, the opponent's scores negative). Every\n"
    "value carries a certified error bound; every mix its exploitability. Model: doc/solve.md.\n\n"
    "  ep       EP of every state; the text shows 1st and 10 (or goal) by field position with the mixes\n"
    "  state    one situation: its value, the snap's matrix, both mixes, go / field goal / punt\n"
    "  fourth   the fourth-down chart: togo x yards to gain 1..15, go / field goal / punt and the margin\n"
    "  special  the try (PAT or two), kickoff against onside kick, touchback or return at every spot\n"
    "  cards    what each play card adds or costs when it is turned, at 1st and 10 from togo 80, 50,\n"
    "           20 and 1st and goal at 5 (or at --togo/--down/--ytg)\n\n"
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable; 'paperbowl rules switches')\n"
    "  --policy LIST        in-play decisions (see 'paperbowl dist --help')\n"
    "  --togo N --down N --ytg N   the situation (state; cards); ytg defaults to min(10, togo)\n"
    "  --format txt|csv|json       output format (default txt); --json is --format json\n"
    "  --output FILE        write to FILE (atomically) instead of standard output\n"
    "  --strategy-out FILE  (ep) also write the solved strategy, a strategy file `paperbowl sim` plays\n"
    "  --threads N          threads for building the play tables (default: " PB_CLI_CPUS ";\n"
    "                       the result is the same for any count)\n"
    "  --tolerance X        stop the iteration when every interval is narrower than X (default 2e-9)\n"
    "  --timings            print the time spent building the play tables and solving (stderr, and in\n"
    "                       the JSON); without it the same inputs give the same bytes\n";

typedef enum { SOLVE_EP, SOLVE_STATE, SOLVE_FOURTH, SOLVE_SPECIAL, SOLVE_CARDS } solve_what;
static const char *const what_names[] = {"ep", "state", "fourth", "special", "cards", NULL};

typedef struct {
    solve_what what;
    pb_cli_play_opts po;
    bool down_given;   /* --down or --ytg given (they need --togo) */
    pb_solve_format format;
    const char *output, *strategy_out;
    int threads;
    double tolerance;
    bool timings;
} solve_opts;

static int parse_format(const char *cmd, const char *text, pb_solve_format *out)
{
    static const char *const names[] = {"txt", "csv", "json"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = (pb_solve_format)i;
            return 0;
        }
    pb_cli_error(cmd, "--format: unknown format '%s' (txt, csv, json)", text);
    return -1;
}

static int parse_tolerance(const char *cmd, const char *text, double *out)
{
    double v;
    if (pb_cli_num_double(text, 1e-12, 1e-3, &v) != PB_CLI_NUM_OK) {
        pb_cli_error(cmd, "--tolerance: '%s' must be a number from 1e-12 to 1e-3", text);
        return -1;
    }
    *out = v;
    return 0;
}

/* Can `path` be written (core/outfile.h)? Checked before the solve so that a bad path costs no
 * time; the write itself is still checked. 0, or -1 (printed). */
static int writable_dir(const char *cmd, const char *option, const char *path)
{
    char err[PB_ERR_MAX];
    if (path && pb_outfile_check(path, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s: %s", option, err) ? -1 : -1;
    return 0;
}

/* Options and the subcommand; PB_EXIT_OK to go on, else the exit status (already printed). */
static int parse_options(const char *cmd, int argc, char **argv, solve_opts *o, int *exit_status)
{
    enum { O_FORMAT = 1000, O_JSON, O_OUTPUT, O_STRATEGY, O_THREADS, O_TOLERANCE, O_TIMINGS, O_PLAY };
    static const struct option options[] = {
        PB_CLI_PLAY_OPTIONS(O_PLAY),
        {"format", required_argument, NULL, O_FORMAT},
        {"json", no_argument, NULL, O_JSON},
        {"output", required_argument, NULL, O_OUTPUT},
        {"strategy-out", required_argument, NULL, O_STRATEGY},
        {"threads", required_argument, NULL, O_THREADS},
        {"tolerance", required_argument, NULL, O_TOLERANCE},
        {"timings", no_argument, NULL, O_TIMINGS},
        PB_CLI_HELP_OPTION,
        {NULL, 0, NULL, 0}};
    *exit_status = PB_EXIT_USAGE;
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        pb_cli_usage(argc < 2 ? stderr : stdout, usage, NULL);
        *exit_status = argc < 2 ? PB_EXIT_USAGE : PB_EXIT_OK;
        return -1;
    }
    int w = 0;
    while (what_names[w] && strcmp(what_names[w], argv[1]) != 0)
        w++;
    if (!what_names[w]) {
        pb_cli_error(cmd, "unknown subcommand '%s' (ep, state, fourth, special, cards)", argv[1]);
        return -1;
    }
    o->what = (solve_what)w;
    pb_cli_play_opts_init(&o->po);
    o->threads = pb_workers_default();
    o->tolerance = 2e-9;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.first = 2;
    int opt;
    bool format_given = false;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        int rc = 0;
        switch (opt) {
        case O_PLAY:
            if (strcmp(g.name, "lead") == 0 || strcmp(g.name, "timeouts") == 0) {
                pb_cli_error(cmd, "--%s: the drive solver plays every snap tied with full timeouts "
                                  "(doc/solve.md); 'solve wp' answers with them", g.name);
                return -1;
            }
            if ((strcmp(g.name, "togo") == 0 || strcmp(g.name, "down") == 0 || strcmp(g.name, "ytg") == 0) &&
                o->what != SOLVE_STATE && o->what != SOLVE_CARDS) {
                pb_cli_error(cmd, "--%s belongs to 'solve state' and 'solve cards'", g.name);
                return -1;
            }
            if (strcmp(g.name, "down") == 0 || strcmp(g.name, "ytg") == 0)
                o->down_given = true;
            rc = pb_cli_play_option(cmd, g.name, g.arg, &o->po);
            break;
        case O_FORMAT:
        case O_JSON: {
            pb_solve_format f = PB_SOLVE_JSON;
            if (opt == O_FORMAT && parse_format(cmd, g.arg, &f) != 0)
                return -1;
            if (format_given && f != o->format) {
                pb_cli_error(cmd, "--json and --format, or two --format, ask for different formats");
                return -1;
            }
            format_given = true;
            o->format = f;
            break;
        }
        case O_OUTPUT:
            o->output = g.arg;
            break;
        case O_STRATEGY:
            if (o->what != SOLVE_EP) {
                pb_cli_error(cmd, "--strategy-out belongs to 'solve ep'");
                return -1;
            }
            o->strategy_out = g.arg;
            break;
        case O_THREADS:
            rc = pb_cli_int(cmd, "--threads", g.arg, 1, 256, &o->threads);
            break;
        case O_TOLERANCE:
            rc = parse_tolerance(cmd, g.arg, &o->tolerance);
            break;
        case O_TIMINGS:
            o->timings = true;
            break;
        }
        if (rc != 0)
            return -1;
    }
    if (opt == PB_CLI_OPTS_EXIT) {
        *exit_status = g.status;
        return -1;
    }
    if (pb_cli_opts_no_arguments(&g) != 0)
        return -1;
    if (o->what == SOLVE_STATE && !o->po.togo_given) {
        pb_cli_error(cmd, "solve state needs --togo (and --down, --ytg: default 1st and 10)");
        return -1;
    }
    if (o->down_given && !o->po.togo_given) {
        pb_cli_error(cmd, "--down and --ytg need --togo");
        return -1;
    }
    if (o->format == PB_SOLVE_CSV && o->what != SOLVE_EP && o->what != SOLVE_FOURTH) {
        pb_cli_error(cmd, "--format csv: solve %s prints txt or json (csv: solve ep, solve fourth)",
                     what_names[o->what]);
        return -1;
    }
    if (writable_dir(cmd, "--output", o->output) != 0 || writable_dir(cmd, "--strategy-out", o->strategy_out) != 0)
        return -1;
    if (pb_cli_play_opts_finish(cmd, &o->po) != 0)
        return -1;
    *exit_status = PB_EXIT_OK;
    return 0;
}

/* Print into a memory buffer with `print`, then write it to stdout or `path` atomically. */
static int emit(const char *cmd, const char *path, int (*print)(FILE *, const void *), const void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return pb_cli_error(cmd, "out of memory");
    int rc = print(mem, arg);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        return rc != 0 ? rc : pb_cli_error(cmd, "out of memory");
    }
    int status = PB_EXIT_OK;
    if (path) {
        if (pb_write_text_file(path, buf, len) != 0)
            status = pb_cli_error(cmd, "cannot write '%s': %s", path, strerror(errno));
    } else if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0) {
        status = pb_cli_error(cmd, "cannot write the standard output: %s", strerror(errno));
    }
    free(buf);
    return status;
}

typedef struct {
    const solve_opts *o;
    const pb_drive *d;
    char err[512];
} print_job;

static int print_main(FILE *out, const void *arg)
{
    const print_job *j = arg;
    const solve_opts *o = j->o;
    const pb_situation *s = &o->po.sit;
    pb_solve_print_ctx ctx = {j->d, &o->po.policies, o->format, o->po.switches, o->po.nswitches, o->timings};
    switch (o->what) {
    case SOLVE_EP:
        return pb_solve_print_ep(out, &ctx);
    case SOLVE_STATE:
        return pb_solve_print_state(out, &ctx, s->togo, s->down, s->ytg);
    case SOLVE_FOURTH:
        return pb_solve_print_fourth(out, &ctx);
    case SOLVE_SPECIAL:
        return pb_solve_print_special(out, &ctx);
    case SOLVE_CARDS:
        return pb_solve_print_cards(out, &ctx, o->po.togo_given ? s : NULL);
    }
    return PB_EXIT_USAGE;
}

static int print_strategy(FILE *out, const void *arg)
{
    const print_job *j = arg;
    return pb_solve_print_strategy(out, j->d, &j->o->po.policies) == 0 ? 0 : PB_EXIT_FAIL;
}

int cmd_solve(int argc, char **argv)
{
    const char *cmd = "solve";
    if (argc >= 2 && (strcmp(argv[1], "game") == 0 || strcmp(argv[1], "wp") == 0 || strcmp(argv[1], "check") == 0))
        return pb_cli_solve_game(argc, argv);
    solve_opts o;
    memset(&o, 0, sizeof o);
    int status;
    if (parse_options(cmd, argc, argv, &o, &status) != 0)
        return status;
    pb_drive_opts dopts = {&o.po.rules, o.po.policies, o.threads, o.tolerance};
    pb_drive *d = NULL;
    char err[512];
    if (pb_drive_solve(&d, &dopts, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    if (o.timings) {
        pb_drive_stats st;
        pb_drive_stats_get(d, &st);
        fprintf(stderr, "paperbowl solve: %d states, %d sweeps; building the play tables %.2f s, solving the games %.2f s\n",
                st.states, st.sweeps, st.build_seconds, st.solve_seconds);
    }
    print_job job = {&o, d, ""};
    status = emit(cmd, o.output, print_main, &job);
    if (status == PB_EXIT_OK && o.strategy_out)
        status = emit(cmd, o.strategy_out, print_strategy, &job);
    pb_drive_free(d);
    pb_enum_cache_clear();  /* the enumerator's caches, so that nothing is left behind (valgrind) */
    return status;
}
