/* cli/cmd_grid.c: `paperbowl grid`: every cell's exact summaries, computed by N threads.
 * Cells are independent; each worker takes the next cell index and writes that cell's line;
 * the lines are written in cell order once all are done, so the output is the same for any
 * thread count, and nothing is written when a cell fails (with --output, the file appears
 * whole or not at all: a temporary file, then rename). */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_progress.h"
#include "grid.h"
#include "outfile.h"

static const char usage[] =
    "usage: paperbowl grid [--ruleset NAME|FILE] [--format csv|jsonl] [--threads N] [OPTIONS]\n\n"
    "Every cell, exactly: Run / Short Pass / Long Pass x Defense 1-5 x card none and 01-24 x togo 1-99\n"
    "(1st and 10, or goal to go; tied; full timeouts), then kickoff, free kick, onside kicks, punts and\n"
    "returns from togo 1-99, field goals, PAT and two-point tries. One line per cell with its summaries as\n"
    "num/den in lowest terms: td,turnover,safety,complete,first_down,mean_yards,cut,good,kept,mean_start\n"
    "(mean_yards: over the plays that end in a gain, an incompletion, a sack or a penalty; touchdowns,\n"
    "turnovers and safeties are left out; see 'paperbowl dist --help').\n\n"
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --format csv|jsonl   output format (default csv, with a header line)\n"
    "  --threads N          worker threads (default: " PB_CLI_CPUS ")\n"
    "  --depth K            cut every doubles chain after K re-rolls (default 0: exact, no truncation)\n"
    "  --policy LIST        decision policies (see 'paperbowl dist --help')\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable; 'paperbowl rules switches')\n"
    "  --deck               add the deck average (card 'deck', each card 1/24) after card 24\n"
    "  --decimals N         add a correctly rounded decimal column NAME_dec per summary, N places\n"
    "  --output FILE        write to FILE (atomically) instead of standard output\n"
    "  --no-progress        no progress bar (it is shown on a terminal's standard error only)\n";

typedef struct {
    const pb_play_env *env;
    const pb_grid_cell *cells;
    size_t ncells;
    int depth, decimals;
    pb_grid_format format;
    char **lines;
    atomic_size_t next, done;
    atomic_int failed;
    pthread_mutex_t lock;
    char err[768];
} grid_job;

static void *worker(void *arg)
{
    grid_job *j = arg;
    char err[512];
    for (;;) {
        if (atomic_load(&j->failed))
            break;
        size_t i = atomic_fetch_add(&j->next, 1);
        if (i >= j->ncells)
            break;
        char *line = pb_grid_line(j->env, &j->cells[i], j->depth, j->format, j->decimals, err, sizeof err);
        if (!line) {
            pthread_mutex_lock(&j->lock);
            if (atomic_load(&j->failed))
                ;
            else if (strcmp(err, "out of memory") == 0)   /* not the cell's fault */
                snprintf(j->err, sizeof j->err, "%s", err);
            else
                snprintf(j->err, sizeof j->err, "cell %zu (%s): %s", i + 1, pb_grid_action_name(j->cells[i].action),
                         err);
            atomic_store(&j->failed, 1);
            pthread_mutex_unlock(&j->lock);
            break;
        }
        j->lines[i] = line;
        atomic_fetch_add(&j->done, 1);
    }
    return NULL;
}

static void progress(size_t done, size_t total, bool final)
{
    if (final)
        pb_cli_progress_clear();
    else
        pb_cli_progress("enumerating the cells", (double)done, (double)total);
}

static int write_all(FILE *f, const char *header, char **lines, size_t n)
{
    if (header && fprintf(f, "%s\n", header) < 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (fputs(lines[i], f) == EOF)
            return -1;
    return fflush(f) == 0 ? 0 : -1;
}

int cmd_grid(int argc, char **argv)
{
    enum { O_RULESET = 1000, O_FORMAT, O_THREADS, O_DEPTH, O_POLICY, O_DECK, O_DECIMALS, O_OUTPUT, O_NOPROG, O_SWITCH };
    static const struct option options[] = {
        {"ruleset", required_argument, NULL, O_RULESET}, {"format", required_argument, NULL, O_FORMAT},
        {"threads", required_argument, NULL, O_THREADS}, {"depth", required_argument, NULL, O_DEPTH},
        {"policy", required_argument, NULL, O_POLICY}, {"deck", no_argument, NULL, O_DECK},
        {"decimals", required_argument, NULL, O_DECIMALS}, {"output", required_argument, NULL, O_OUTPUT},
        {"no-progress", no_argument, NULL, O_NOPROG}, PB_CLI_HELP_OPTION,
        {"switch", required_argument, NULL, O_SWITCH}, {NULL, 0, NULL, 0}};
    const char *switches[32];
    int nswitches = 0;
    const char *cmd = "grid", *ruleset = PB_RULESET_DEFAULT, *output = NULL;
    int threads = pb_workers_default(), depth = 0, decimals = 0;
    bool deck = false, show_progress = pb_cli_progress_enabled();
    pb_grid_format format = PB_GRID_CSV;
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    char perr[256];
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_RULESET:
            ruleset = g.arg;
            break;
        case O_FORMAT:
            if (strcmp(g.arg, "csv") == 0)
                format = PB_GRID_CSV;
            else if (strcmp(g.arg, "jsonl") == 0)
                format = PB_GRID_JSONL;
            else
                return pb_cli_error(cmd, "--format: unknown format '%s' (csv, jsonl)", g.arg);
            break;
        case O_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DEPTH:
            if (pb_cli_int(cmd, "--depth", g.arg, 0, PB_ENUM_DEPTH_MAX, &depth) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DECIMALS:
            if (pb_cli_int(cmd, "--decimals", g.arg, 0, 60, &decimals) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_POLICY:
            if (pb_cli_policies(cmd, g.arg, &pol) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DECK:
            deck = true;
            break;
        case O_SWITCH:
            if (nswitches >= (int)(sizeof switches / sizeof switches[0]))
                return pb_cli_error(cmd, "--switch: too many");
            switches[nswitches++] = g.arg;
            break;
        case O_OUTPUT:
            output = g.arg;
            break;
        case O_NOPROG:
            show_progress = false;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    char oerr[PB_ERR_MAX];
    if (output && pb_outfile_check(output, oerr, sizeof oerr) != 0)   /* before any work */
        return pb_cli_error(cmd, "--output: %s", oerr);
    pb_ruleset *rs = malloc(sizeof *rs);
    if (!rs)
        return pb_cli_error(cmd, "out of memory");
    if (pb_cli_ruleset(cmd, ruleset, rs) != 0) {
        free(rs);
        return PB_EXIT_USAGE;
    }
    for (int i = 0; i < nswitches; i++)
        if (pb_switch_apply(rs, switches[i], perr, sizeof perr) != 0) {
            free(rs);
            return pb_cli_error(cmd, "--switch: %s", perr);
        }
    pb_play_env env = {rs, pol, NULL, NULL};
    grid_job j;
    memset(&j, 0, sizeof j);
    j.env = &env;
    pb_grid_cell *cells;
    j.ncells = pb_grid_cells(rs, deck, &cells);
    j.cells = cells;
    j.depth = depth;
    j.decimals = decimals;
    j.format = format;
    j.lines = calloc(j.ncells, sizeof *j.lines);
    atomic_init(&j.next, 0);
    atomic_init(&j.done, 0);
    atomic_init(&j.failed, 0);
    pthread_mutex_init(&j.lock, NULL);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!cells || !j.lines || !tid) {
        free(j.lines);
        free(tid);
        free(cells);
        pthread_mutex_destroy(&j.lock);
        free(rs);
        return pb_cli_error(cmd, "out of memory");
    }
    int started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, worker, &j) != 0)
            break;
    if (started == 0)
        worker(&j);
    while (show_progress && started > 0) {
        size_t done = atomic_load(&j.done);
        progress(done, j.ncells, false);
        if (done >= j.ncells || atomic_load(&j.failed))
            break;
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (show_progress)
        progress(atomic_load(&j.done), j.ncells, true);
    int rc = PB_EXIT_OK;
    if (atomic_load(&j.failed)) {
        rc = pb_cli_error(cmd, "%s", j.err);
    } else {
        char hbuf[512];
        const char *header = pb_grid_header(format, decimals, hbuf, sizeof hbuf);
        if (!output) {
            if (write_all(stdout, header, j.lines, j.ncells) != 0)
                rc = pb_cli_error(cmd, "cannot write the standard output: %s", strerror(errno));
        } else {
            char err[PB_ERR_MAX];
            pb_outfile out;
            if (pb_outfile_open(&out, output, err, sizeof err) != 0) {
                rc = pb_cli_error(cmd, "--output: %s", err);
            } else if (write_all(out.f, header, j.lines, j.ncells) != 0) {
                snprintf(err, sizeof err, "cannot write '%s': %s", output, strerror(errno));
                pb_outfile_abort(&out);
                rc = pb_cli_error(cmd, "--output: %s", err);
            } else if (pb_outfile_commit(&out, err, sizeof err) != 0) {
                rc = pb_cli_error(cmd, "--output: %s", err);
            }
        }
    }
    for (size_t i = 0; i < j.ncells; i++)
        free(j.lines[i]);
    free(j.lines);
    free(tid);
    free(cells);
    pthread_mutex_destroy(&j.lock);
    free(rs);
    pb_enum_cache_clear();
    return rc;
}
