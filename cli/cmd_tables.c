/* cli/cmd_tables.c: `paperbowl tables`: compute every cell once, build the rulebook tables
 * and write them (txt, md, csv, tex) and the HTML report into a directory. */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "cli.h"
#include "cli_progress.h"
#include "data.h"
#include "drive.h"
#include "output.h"
#include "solve_game.h"
#include "tables_edition.h"
#include "verify.h"
#include "wp_file.h"

static const char usage[] =
    "usage: paperbowl tables [--ruleset NAME|FILE] [--out DIR] [--format LIST] [--only IDS] [--game]\n"
    "       paperbowl tables --edition rulebook [--lang ja|en] [--digits N] [--ruleset NAME|FILE] [--out DIR]\n"
    "                        [--values FILE]\n\n"
    "Compute every cell of the ruleset exactly (Run / Short / Long x Defense 1-5 x no card, cards 01-24\n"
    "and the deck x togo 1-99, and special teams), solve the drive game (expected points, equilibrium\n"
    "play-calling: 'paperbowl solve'), then write the rulebook tables and the report.\n\n"
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable; 'paperbowl rules switches')\n"
    "  --policy LIST        decision policies, e.g. challenge=never,return=touchback (default best for all)\n"
    "  --out DIR            output directory, created if missing (default out)\n"
    "  --format LIST        any of txt,md,csv,tex,html (default all; html is DIR/report.html)\n"
    "  --only IDS           only the tables whose id matches one of these comma-separated shell\n"
    "                       patterns, e.g. 'fg,card-td-*' ('report' selects the report)\n"
    "  --threads N          worker threads (default: " PB_CLI_CPUS ")\n"
    "  --findings           also run 'paperbowl verify findings' (a second pass over the grid) and put\n"
    "                       its report in the report's Findings section and DIR/findings.txt\n"
    "  --game               also the game solver's tables and report section (win probability: the coin\n"
    "                       toss, leads by cards left, the two-point and onside charts, timeouts), from\n"
    "                       DIR/game-<ruleset>[-<switches>][-<policies>].pbv (the policies not at best;\n"
    "                       'paperbowl solve game --output DIR'); when that file is missing or stale\n"
    "                       the game is solved first and the file written\n"
    "  --values FILE        --game (or --edition's charts) from this value file (it must be of the\n"
    "                       same ruleset and switches)\n"
    "  --quiet              no progress on stderr (shown only when stderr is a terminal)\n"
    "  --edition rulebook   instead: the player's tables as a rulebook prints them (the field goal by the\n"
    "                       rule's bands, the try, the kicks, punt and return, offense x defense at four\n"
    "                       field positions, the play cards that matter, the 4th-down and two-point\n"
    "                       charts): DIR/rulebook-LANG.txt, DIR/rulebook-LANG.tex (LuaLaTeX; 'make\n"
    "                       rulebook' typesets it) and each table as DIR/rulebook-LANG/ID.tex. The\n"
    "                       charts are by win probability from --values FILE or DIR's game value file\n"
    "                       when one is at hand (never solved here), else by the drive's expected points\n"
    "  --lang ja|en         the language of the tables' titles, labels and notes, the report and the\n"
    "                       rulebook edition (default: the ruleset's edition: v1.11-ja -> ja, any other\n"
    "                       -> en); the numbers are the same in both\n"
    "  --digits N           the edition's percentages to N decimal places, 0-4 (default 1)\n\n"
    "Files: DIR/ID.txt, .md, .csv (with exact fractions), .tex (booktabs), DIR/tables.tex (all tables\n"
    "as one LaTeX document), DIR/report.html. Table ids: gain-run, gain-short, gain-long, gain-summary,\n"
    "card-STAT-togoN, field-td, field-first-down, field-turnover, fg, pat, two-point, kicks, kickoff,\n"
    "onside, punt-start, punt; from the drive solver: drive-ep, drive-fourth, drive-fourth-detail,\n"
    "drive-mixes, drive-cards, drive-cards-blank, drive-kicks; with --game: game-coin-toss, game-wp-lead,\n"
    "game-wp-lead-half1, game-two-point, game-onside, game-timeouts, game-cards-blank.\n";

typedef struct {
    long last;
} progress_state;

/* The drive game, solved on a thread of its own while the cells are enumerated. */
typedef struct {
    const pb_table_data *d;
    int threads, rc;
    pb_drive *drive;
    char err[PB_ERR_MAX];
} drive_job;

static void *drive_worker(void *arg)
{
    drive_job *j = arg;
    j->rc = pb_table_drive_solve(&j->drive, j->d, j->threads, j->err, sizeof j->err);
    return NULL;
}

static void progress(void *arg, long done, long total)
{
    (void)arg;
    pb_cli_progress("computing the cells", (double)done, (double)total);
}

/* mkdir -p, for the --out directory. */
static int make_dirs(const char *dir)
{
    char *p = strdup(dir);
    if (!p)
        return -1;
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                free(p);
                return -1;
            }
            *s = '/';
        }
    int rc = mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
    free(p);
    return rc;
}

#define SELECTS_ONLY_GAME (-100)   /* compute: the selection holds only the game's tables */

/* What the selection needs, computed into d (the cells, the drive game: *drive, which the caller
 * frees after d): an exit status, or SELECTS_ONLY_GAME when without_game (d->game to come) leaves
 * nothing selected but the game's tables. */
static int compute(const char *cmd, pb_table_data *d, unsigned formats, const char *only, int without_game,
                   int threads, int quiet, const char *out, pb_drive **drive)
{
    char err[PB_ERR_MAX];
    /* what the selection needs: the ids do not depend on the values, so list them first */
    pb_table_list list;
    pb_table_need need;
    memset(&need, 0, sizeof need);
    bool any = false;
    if ((formats & PB_FMT_HTML) && pb_table_selected(only, "report")) {
        any = true;
        pb_table_need_add(&need, "report");
    }
    pb_table_list_init(&list);
    if (pb_table_build_all(d, &list) != 0) {
        pb_table_list_release(&list);
        return pb_cli_error(cmd, "out of memory");
    }
    for (size_t i = 0; i < list.count; i++) {
        const char *id = list.items[i].id;
        if (!pb_table_selected(only, id) || !(formats & (PB_FMT_TXT | PB_FMT_MD | PB_FMT_CSV | PB_FMT_TEX)))
            continue;
        any = true;
        pb_table_need_add(&need, id);
    }
    pb_table_list_release(&list);
    if (!any && without_game)
        return SELECTS_ONLY_GAME;
    if (!any)
        return pb_cli_error(cmd, "--only: '%s' selects nothing to write in the formats asked (table ids: see "
                                 "'paperbowl tables --help'; the report is 'report', format html)", only);
    if (make_dirs(out) != 0)
        return pb_cli_error(cmd, "--out: cannot create directory '%s': %s", out, strerror(errno));
    progress_state ps = {-1};
    bool show = !quiet && pb_cli_progress_enabled();
    /* the drive game (if a drive table or the report is asked for) is solved beside the cells:
     * it reads only d->rules and d->policies */
    drive_job dj = {d, threads, 0, NULL, ""};
    pthread_t dt;
    bool solving = need.drive && pthread_create(&dt, NULL, drive_worker, &dj) == 0;
    if (need.drive && !solving)
        drive_worker(&dj);
    int rc = pb_table_data_compute(d, &need, threads, show ? progress : NULL, &ps, err, sizeof err);
    if (solving) {
        if (show)
            pb_cli_progress("solving the drive game", 0, 0);
        pthread_join(dt, NULL);
    }
    if (show)
        pb_cli_progress_clear();
    if (rc == 0 && need.drive && dj.rc != 0) {
        snprintf(err, sizeof err, "the drive solver: %.400s", dj.err);
        rc = -1;
    }
    if (rc == 0 && dj.drive && pb_table_drive_attach(d, dj.drive, err, sizeof err) != 0)
        rc = -1;
    *drive = dj.drive;
    /* the report's whole games: a fixed seed and count, a second or two */
    if (rc == 0 && (formats & PB_FMT_HTML) && pb_table_selected(only, "report") && !d->sim) {
        if (show)
            pb_cli_progress("simulating whole games for the report", 0, 0);
        rc = pb_table_sim_run(d, PB_TABLE_SIM_GAMES, PB_TABLE_SIM_SEED, threads, err, sizeof err);
        if (show)
            pb_cli_progress_clear();
    }
    if (rc != 0)
        return pb_cli_error(cmd, "%s", err);
    return PB_EXIT_OK;
}

/* --findings: the report's Findings section (d->findings) and DIR/findings.txt (*extra 1). */
static int write_findings(const char *cmd, pb_table_data *d, int threads, const char *out, int *extra)
{
    char err[PB_ERR_MAX];
    pb_verify_table *vt;
    if (pb_verify_table_build(&vt, &d->rules, &d->policies, threads, err, sizeof err) != 0)
        return pb_cli_error(cmd, "--findings: %s", err);
    size_t len = 0;
    FILE *m = open_memstream(&d->findings, &len);
    int oom = !m;
    if (m) {
        char rtext[PB_NAME_MAX + 600], pol[256];
        pb_table_ruleset_text(d, rtext, sizeof rtext);
        pb_policies_format(&d->policies, pol, sizeof pol);
        fprintf(m, "paperbowl verify findings: ruleset %s; 1st and 10, tied, %d timeout%s each; policies %s\n\n",
                rtext, d->rules.sw.timeouts, d->rules.sw.timeouts == 1 ? "" : "s", pol);
        oom = pb_verify_findings_report(vt, &d->rules, 12, m) != 0;
        if (fclose(m) != 0)
            oom = 1;
    }
    pb_verify_table_free(vt);
    size_t plen = strlen(out) + sizeof "/findings.txt";
    char *path = malloc(plen);
    if (path)
        snprintf(path, plen, "%s/findings.txt", out);
    if (oom || !path || !d->findings || pb_write_text_file(path, d->findings, len) != 0) {
        int e = errno, mem = oom || !path || !d->findings;
        if (mem) {
            free(path);
            return pb_cli_error(cmd, "out of memory");
        }
        pb_cli_error(cmd, "cannot write '%s': %s", path, strerror(e));
        free(path);
        return PB_EXIT_USAGE;
    }
    free(path);
    *extra = 1;
    return PB_EXIT_OK;
}

/* Builds the selected tables from d and writes them (*files: how many). An exit status. */
static int write_pass(const char *cmd, pb_table_data *d, unsigned formats, const char *out, const char *only,
                      int *files)
{
    char err[PB_ERR_MAX];
    pb_table_list list;
    pb_table_list_init(&list);
    *files = -1;
    if (pb_table_build_all(d, &list) != 0)
        snprintf(err, sizeof err, "out of memory");
    else
        *files = pb_table_output(d, &list, formats, out, only, err, sizeof err);
    pb_table_list_release(&list);
    if (*files < 0)
        return pb_cli_error(cmd, "%s", err);
    return PB_EXIT_OK;
}

int cmd_tables(int argc, char **argv)
{
    enum { OPT_RULESET = 1, OPT_SWITCH, OPT_POLICY, OPT_OUT, OPT_FORMAT, OPT_ONLY, OPT_THREADS, OPT_QUIET, OPT_FINDINGS,
           OPT_GAME, OPT_VALUES, OPT_EDITION, OPT_LANG, OPT_DIGITS };
    static const struct option options[] = {
        {"ruleset", required_argument, NULL, OPT_RULESET}, {"switch", required_argument, NULL, OPT_SWITCH},
        {"policy", required_argument, NULL, OPT_POLICY},   {"out", required_argument, NULL, OPT_OUT},
        {"format", required_argument, NULL, OPT_FORMAT},   {"only", required_argument, NULL, OPT_ONLY},
        {"threads", required_argument, NULL, OPT_THREADS}, {"quiet", no_argument, NULL, OPT_QUIET},
        {"findings", no_argument, NULL, OPT_FINDINGS},     {"game", no_argument, NULL, OPT_GAME},
        {"values", required_argument, NULL, OPT_VALUES},   {"edition", required_argument, NULL, OPT_EDITION},
        {"lang", required_argument, NULL, OPT_LANG},       {"digits", required_argument, NULL, OPT_DIGITS},
        PB_CLI_HELP_OPTION,                                {NULL, 0, NULL, 0}};
    const char *cmd = "tables", *ruleset = PB_RULESET_DEFAULT, *out = "out", *only = NULL, *values = NULL;
    const char *switches[32];
    int nswitches = 0, threads = pb_workers_default(), quiet = 0, findings = 0, game = 0;
    int edition = 0, lang_set = 0, digits = 1, digits_set = 0, format_set = 0, only_set = 0;
    pb_lang lang = PB_LANG_EN;
    unsigned formats = PB_FMT_ALL;
    pb_policies policies = {0};
    char err[PB_ERR_MAX];
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.shorts = ":h";
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case OPT_RULESET: ruleset = g.arg; break;
        case OPT_SWITCH:
            if (nswitches == (int)(sizeof switches / sizeof switches[0]))
                return pb_cli_error(cmd, "--switch: too many");
            switches[nswitches++] = g.arg;
            break;
        case OPT_POLICY:
            if (pb_cli_policies(cmd, g.arg, &policies) != 0)
                return PB_EXIT_USAGE;
            break;
        case OPT_OUT:
            if (!*g.arg)
                return pb_cli_error(cmd, "--out: empty directory name");
            out = g.arg;
            break;
        case OPT_FORMAT:
            if (pb_table_formats_parse(g.arg, &formats, err, sizeof err) != 0)
                return pb_cli_error(cmd, "--format: %s", err);
            format_set = 1;
            break;
        case OPT_ONLY:
            only = g.arg;
            only_set = 1;
            break;
        case OPT_EDITION:
            if (strcmp(g.arg, "rulebook") != 0)
                return pb_cli_error(cmd, "--edition: unknown edition '%s' (there is one: rulebook)", g.arg);
            edition = 1;
            break;
        case OPT_LANG:
            if (pb_lang_parse(g.arg, &lang) != 0)
                return pb_cli_error(cmd, "--lang: unknown language '%s' (ja or en)", g.arg);
            lang_set = 1;
            break;
        case OPT_DIGITS:
            if (pb_cli_int(cmd, "--digits", g.arg, 0, 4, &digits) != 0)
                return PB_EXIT_USAGE;
            digits_set = 1;
            break;
        case OPT_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case OPT_QUIET: quiet = 1; break;
        case OPT_FINDINGS: findings = 1; break;
        case OPT_GAME: game = 1; break;
        case OPT_VALUES:
            values = g.arg;
            game = 1;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (g.nargs > 0)
        return pb_cli_error(cmd, "unexpected argument '%s' (see 'paperbowl tables --help')", g.args[0]);

    if (!edition && digits_set)
        return pb_cli_error(cmd, "--digits goes with --edition rulebook");
    if (edition && (format_set || only_set || findings || (game && !values)))
        return pb_cli_error(cmd, "--edition: %s does not apply to the rulebook edition (its files are fixed; its "
                                 "charts read --values FILE or DIR's game value file when at hand)",
                            format_set ? "--format" : only_set ? "--only" : findings ? "--findings" : "--game");
    pb_ruleset rules;
    if (pb_cli_ruleset(cmd, ruleset, &rules) != 0)
        return PB_EXIT_USAGE;
    if (!lang_set)
        lang = strcmp(rules.name, "v1.11-ja") == 0 ? PB_LANG_JA : PB_LANG_EN;
    char changes[256] = "";
    for (int i = 0; i < nswitches; i++) {
        if (pb_switch_apply(&rules, switches[i], err, sizeof err) != 0)
            return pb_cli_error(cmd, "--switch: %s", err);
        size_t n = strlen(changes);
        snprintf(changes + n, sizeof changes - n, "%s%s", i ? ", " : "", switches[i]);
    }
    struct stat st;
    if (stat(out, &st) != 0 && errno != ENOENT)   /* before any work: a symlink loop, a file on the way */
        return pb_cli_error(cmd, "--out: '%s': %s", out, strerror(errno));
    if (stat(out, &st) != 0 && lstat(out, &st) == 0)
        return pb_cli_error(cmd, "--out: '%s' is a symbolic link to nothing (the folder it names is missing)", out);
    if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
        return pb_cli_error(cmd, "--out: '%s' exists and is not a directory", out);
    if (stat(out, &st) == 0 && access(out, W_OK | X_OK) != 0)   /* before any work */
        return pb_cli_error(cmd, "--out: cannot write in '%s': %s", out, strerror(errno));

    if ((edition || (game && !values)) && make_dirs(out) != 0)   /* the value file may be written there */
        return pb_cli_error(cmd, "--out: cannot create directory '%s': %s", out, strerror(errno));
    pb_wp *solved = NULL;
    if (edition) {   /* the game's values only when at hand: --values, or DIR's good file (never solved) */
        if (values) {
            int status = pb_cli_game_values_read(cmd, &rules, &policies, switches, nswitches, values, out, threads,
                                                 0, &solved);
            if (status != PB_EXIT_OK)
                return status;
        } else {
            char *cache = pb_cli_game_value_path(rules.name, switches, nswitches, &policies, out);
            struct stat cs;
            if (!cache)
                return pb_cli_error(cmd, "out of memory");
            if (stat(cache, &cs) == 0 && S_ISREG(cs.st_mode) &&
                pb_wp_file_read(&solved, cache, &rules, &policies, pb_wp_lead_cap_for(&rules, 0), threads, err,
                                sizeof err) != 0) {
                solved = NULL;
                fprintf(stderr, "paperbowl tables: %s; the edition's charts are by drive EP ('make tables' or "
                                "'paperbowl solve game' writes a fresh value file)\n", err);
            }
            free(cache);
        }
        game = 0;
    }
    if (game) {
        int status = pb_cli_game_values_read(cmd, &rules, &policies, switches, nswitches, values, out, threads, 0,
                                             &solved);
        if (status != PB_EXIT_OK)
            return status;
    }
    pb_table_data *d = malloc(sizeof *d);
    if (!d) {
        pb_wp_free(solved);
        return pb_cli_error(cmd, "out of memory");
    }
    if (pb_table_data_init(d, &rules, &policies) != 0) {
        free(d);
        pb_wp_free(solved);
        return pb_cli_error(cmd, "out of memory");
    }
    d->game = solved;
    d->lang = lang;
    char deck_line[400];
    if (game && nswitches == 0 && !policies.in_play_by_value &&
        pb_cli_deck_line(rules.name, out, deck_line, sizeof deck_line) == 0)
        d->game_deck_line = deck_line;
    snprintf(d->changes, sizeof d->changes, "%s", changes);
    if (edition) {
        int status = pb_cli_tables_edition(cmd, d, lang, digits, out, threads, quiet);
        pb_table_data_release(d);
        free(d);
        pb_wp_free(solved);
        return status;
    }
    /* The game to solve first (game && !solved): the rule tables and the report without the game
     * section are written first, then the game is solved and its tables and the report written
     * (an interrupt during the solve leaves the first files whole), unless the selection holds
     * nothing but the game's tables: then it is solved first. */
    int later = game && !solved;
    pb_drive *drive = NULL;
    int status = compute(cmd, d, formats, only, later, threads, quiet, out, &drive);
    if (status == SELECTS_ONLY_GAME) {   /* --only game-*: solve, then the one pass */
        later = 0;
        status = pb_cli_game_values_solve(cmd, &rules, &policies, switches, nswitches, out, threads, 0, &solved, NULL);
        d->game = solved;
        if (status == PB_EXIT_OK)
            status = compute(cmd, d, formats, only, 0, threads, quiet, out, &drive);
    }
    int extra = 0, files = 0;
    if (status == PB_EXIT_OK && findings)
        status = write_findings(cmd, d, threads, out, &extra);
    if (status == PB_EXIT_OK)
        status = write_pass(cmd, d, formats, out, only, &files);
    if (status == PB_EXIT_OK && later) {
        printf("paperbowl tables: %d file%s written to %s/ (ruleset %s, without the game section)\n", files + extra,
               files + extra == 1 ? "" : "s", out, rules.name);
        fflush(stdout);
        char about[64] = "some minutes";
        double sec = pb_wp_solve_estimate(&rules, &policies, 0, threads);
        if (sec >= 60)
            snprintf(about, sizeof about, "about %.0f min", sec / 60);
        else if (sec >= 0)
            snprintf(about, sizeof about, "under 1 min");
        fprintf(stderr, "paperbowl tables: the rulebook tables are in %s/; now solving the game for the report's "
                        "game section: %s on this machine; Ctrl-C keeps what is written\n", out, about);
        status = pb_cli_game_values_solve(cmd, &rules, &policies, switches, nswitches, out, threads, 0, &solved, NULL);
        d->game = solved;
        if (status == PB_EXIT_OK)
            status = write_pass(cmd, d, formats, out, only, &files);
    }
    pb_table_data_release(d);
    free(d);
    pb_drive_free(drive);
    pb_wp_free(solved);
    if (status != PB_EXIT_OK)
        return status;
    printf("paperbowl tables: %d file%s written to %s/ (ruleset %s)\n", files + extra, files + extra == 1 ? "" : "s", out,
           rules.name);
    return PB_EXIT_OK;
}
