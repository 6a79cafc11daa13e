/* cli/cmd_ask.c: `paperbowl ask`: a designer's question answered exactly.
 * Reads every question (arguments, --file) and checks them all before answering any, so a
 * bad question costs nothing and prints one message pointing into it. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"
#include "ask_define.h"
#include "cli.h"
#include "textfile.h"
#include "solve_game.h"
#include "wp_file.h"

static const char usage[] =
    "usage: paperbowl ask [OPTIONS] 'QUESTION'...\n"
    "       paperbowl ask [OPTIONS] --file FILE        (one question a line; # comments)\n\n"
    "Answers a question about one play or kick exactly: the fraction in lowest terms, a correctly\n"
    "rounded percentage, how the question was read, and a breakdown of whatever was left open.\n\n"
    "  P(EVENT) CONDITIONS          the probability of an event\n"
    "  P(EVENT | EVENT) ...         ... given another\n"
    "  E(QUANTITY [| EVENT]) ...    an expectation: yards, value, points, start\n"
    "  E(next_score) togo= down= ytg=   a state's next-score expected points (the drive solver)\n"
    "  best togo= down= ytg=        go, field goal or punt there, with each one's EP and the mixes\n"
    "the game's questions (a moment of the whole game, from the solved game's value file):\n"
    "  WP half= left= lead= togo= [down= ytg= timeouts=O,D receives=yes|no]   its win probability\n"
    "  best_wp ...                  the best choice there by win probability (go/field goal/punt;\n"
    "                               with kick=try PAT or two; with kick=kickoff regular or onside)\n"
    "  timeout_value ...            what one of the team's timeouts is worth there\n\n"
    "events   complete incomplete td turnover turnover_td interception fumble sack safety penalty\n"
    "         foul offensive_foul defensive_foul declined first_down doubles challenge_won\n"
    "         challenge_lost timeout score cut; kicks: success miss touchback returned return_td;\n"
    "         gain >= 10 (also > < <= = !=: net yards of a gain, sack or penalty), start <= 20;\n"
    "         joined with and, or, not, parentheses (also && || !)\n"
    "conditions (KEY=VALUE; a VALUE is a value, a list 1,3, a range 30..40, or * for all)\n"
    "  offense=run|short|long|pass  defense=1..5 (Def 4)  card=01..24|none|deck|*\n"
    "  togo=1..99 (own 20, opp 30, midfield)  zone=red|goal|own|opp|backed\n"
    "  down=1..4  ytg=N  lead=N (tied, up 3, -7)  timeouts=N or O,D\n"
    "  kick=fg|pat|two-point|kickoff|free-kick|onside|onside-free|punt|return\n"
    "  ruleset=NAME|FILE  switch=ID=VALUE  policy=LIST  vs RULESET|ID=VALUE (side by side)\n"
    "left open: offense and defense are broken down over every card, togo over the field\n"
    "(1..99; a field goal: its range), each averaged uniformly; the play card is the deck.\n\n"
    "examples\n"
    "  paperbowl ask 'P(complete) offense=long defense=4 zone=red'\n"
    "  paperbowl ask 'P(gain>=10 or td) offense=run defense=5 card=deck togo=30..40'\n"
    "  paperbowl ask 'E(yards) offense=short defense=* togo=50'\n"
    "  paperbowl ask 'P(success) kick=fg togo=36 vs v1.11-en'\n"
    "  paperbowl ask --define beat='first_down or td' 'P(beat) offense=long defense=4 zone=red'\n"
    "  paperbowl ask 'E(next_score) togo=35 down=4 ytg=3'\n"
    "  paperbowl ask 'best togo=35 down=4 ytg=1..5'\n"
    "  paperbowl ask --weight field 'P(td) offense=long defense=4 zone=red'\n"
    "  paperbowl ask 'WP half=2 left=6 lead=-4 togo=35 down=4 ytg=3'\n"
    "  paperbowl ask 'best_wp half=2 left=3 lead=-1 kick=try'\n\n"
    "options\n"
    "  --define NAME=EVENT  name an event for the questions (repeatable)\n"
    "  --weight FILE|uniform|field  weights for averaging (lines DIM=VALUES WEIGHT; default uniform;\n"
    "                       field: togo, down, ytg by how often a drive from the kickoff reaches them)\n"
    "  --json               one JSON object per question (every number an exact \"num/den\")\n"
    "  --places N           decimal places of percentages and means (default 2)\n"
    "  --cells              also list every cell (text) / include them (JSON)\n"
    "  --file FILE          read questions from FILE ('-': standard input)\n"
    "  --values FILE        the game's questions: the value file (default out/game-<ruleset>[-<switches>].pbv,\n"
    "                       written by 'paperbowl solve game')\n"
    "defaults for what a question does not say (the question wins):\n"
    "%s";

#define QUESTIONS_MAX 256

typedef struct {
    const char *text;
    const char *file;   /* NULL: an argument */
    int line;           /* line in the file, or the argument's number */
    pb_ask_query query;
    pb_ask_plan plan;
    bool planned;
    bool game;          /* one of the game's questions */
    pb_ask_game_query gq;
} question;

static char *read_all(const char *path, char *err, size_t errlen)
{
    size_t k = (size_t)snprintf(err, errlen, "--file: ");   /* then the reason, after it */
    FILE *f = strcmp(path, "-") == 0 ? stdin : pb_open_regular(path, err + k, errlen - k);
    if (!f)
        return NULL;
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    size_t n;
    while (text && (n = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            if (cap > (8u << 20)) {
                free(text);
                text = NULL;
                snprintf(err, errlen, "--file: %s: too large", path);
                break;
            }
            char *t = realloc(text, cap * 2);
            if (!t) {
                free(text);
                text = NULL;
                snprintf(err, errlen, "--file: out of memory");
                break;
            }
            text = t;
            cap *= 2;
        }
    }
    if (f != stdin)
        fclose(f);
    if (text) {
        text[len] = '\0';
        if (strlen(text) != len) {
            free(text);
            text = NULL;
            snprintf(err, errlen, "--file: %s: not a text file", path);
        }
    }
    return text;
}

static void report(const question *qu, int nquestions, const pb_ask_error *e, const pb_ask_defines *defs)
{
    char where[1400], ctx[2400];
    int first_line = qu->file ? qu->line : 1;
    pb_ask_error_format(e, qu->text, defs, first_line, where, sizeof where);
    if (qu->file)
        pb_cli_error("ask", "%s:%s", qu->file, where);
    else if (nquestions > 1)
        pb_cli_error("ask", "question %d: %s", qu->line, where);
    else
        pb_cli_error("ask", "%s", where);
    pb_ask_error_context(e, qu->text, defs, ctx, sizeof ctx);
    fputs(ctx, stderr);
}

/* One of the game's questions: its moment read from the value file (only what it needs). */
static int game_question(const char *cmd, const question *qu, const pb_cli_play_opts *po, const char *values,
                         bool json)
{
    pb_ruleset rules;
    char err[768], *path = NULL;
    if (pb_cli_ruleset(cmd, po->ruleset, &rules) != 0)
        return PB_EXIT_USAGE;
    for (int i = 0; i < po->nswitches; i++)
        if (pb_switch_apply(&rules, po->switches[i], err, sizeof err) != 0)
            return pb_cli_error(cmd, "--switch: %s", err);
    if (!values) {
        path = pb_cli_game_value_path(rules.name, po->switches, po->nswitches, &po->policies, "out");
        if (!path)
            return pb_cli_error(cmd, "out of memory");
        values = path;
    }
    pb_wp *w = NULL;
    pb_ask_game_answer a;
    int st = pb_wp_file_read_moment(&w, values, &rules, &po->policies, 0, &qu->gq.m, err, sizeof err);
    if (st != 0 && !strstr(err, values))
        st = pb_cli_error(cmd, "%s: %s", values, err);
    else if (st != 0)
        st = pb_cli_error(cmd, "%s%s", err, strstr(err, "cannot open") ? " (the game's questions read the value file "
                                                                       "of 'paperbowl solve game', or --values FILE)" : "");
    else if (pb_ask_game_answer_get(w, &qu->gq, &a, err, sizeof err) != 0)
        st = pb_cli_error(cmd, "%s", err);
    else
        pb_ask_game_print(stdout, qu->text, &qu->gq, &a, values, json);
    pb_wp_free(w);
    free(path);
    return st == 0 ? PB_EXIT_OK : st;
}

int cmd_ask(int argc, char **argv)
{
    enum { O_DEFINE = 1000, O_WEIGHT, O_JSON, O_PLACES, O_CELLS, O_FILE, O_PLAY, O_VALUES };
    static const struct option options[] = {
        {"define", required_argument, NULL, O_DEFINE}, {"weight", required_argument, NULL, O_WEIGHT},
        {"json", no_argument, NULL, O_JSON}, {"places", required_argument, NULL, O_PLACES},
        {"cells", no_argument, NULL, O_CELLS}, {"file", required_argument, NULL, O_FILE},
        {"values", required_argument, NULL, O_VALUES},
        PB_CLI_HELP_OPTION,
        {"ruleset", required_argument, NULL, O_PLAY}, {"togo", required_argument, NULL, O_PLAY},
        {"down", required_argument, NULL, O_PLAY}, {"ytg", required_argument, NULL, O_PLAY},
        {"lead", required_argument, NULL, O_PLAY}, {"timeouts", required_argument, NULL, O_PLAY},
        {"policy", required_argument, NULL, O_PLAY}, {"switch", required_argument, NULL, O_PLAY},
        {NULL, 0, NULL, 0}};
    const char *cmd = "ask";
    pb_cli_play_opts po;
    pb_cli_play_opts_init(&po);
    pb_ask_defines defs;
    memset(&defs, 0, sizeof defs);
    char *define_copies[PB_ASK_DEFINES_MAX] = {0};
    const char *weight_arg = NULL, *file_arg = NULL, *values_arg = NULL;
    bool json = false;
    pb_ask_format fmt = {2, false, &defs, false};
    int opt, status = PB_EXIT_OK;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.usage_arg = pb_cli_play_opts_help;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_DEFINE:
            if ((status = pb_cli_ask_define(cmd, g.arg, &defs, define_copies)) != 0)
                goto done;
            break;
        case O_WEIGHT: weight_arg = g.arg; break;
        case O_JSON: json = true; break;
        case O_CELLS: fmt.cells = true; break;
        case O_FILE: file_arg = g.arg; break;
        case O_VALUES: values_arg = g.arg; break;
        case O_PLACES:
            if (pb_cli_int(cmd, "--places", g.arg, 0, 30, &fmt.places) != 0) {
                status = PB_EXIT_USAGE;
                goto done;
            }
            fmt.places_given = true;
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

    /* defaults from the options */
    pb_ask_defaults d;
    pb_ask_defaults_init(&d);
    {
        pb_ruleset check;
        if (pb_cli_ruleset(cmd, po.ruleset, &check) != 0) {
            status = PB_EXIT_USAGE;
            goto done;
        }
        char swerr[256];
        for (int i = 0; i < po.nswitches; i++)
            if (pb_switch_apply(&check, po.switches[i], swerr, sizeof swerr) != 0) {
                status = pb_cli_error(cmd, "--switch: %s", swerr);
                goto done;
            }
        if (po.nswitches > PB_ASK_SWITCHES_MAX) {
            status = pb_cli_error(cmd, "--switch: too many (at most %d)", PB_ASK_SWITCHES_MAX);
            goto done;
        }
    }
    d.ruleset = po.ruleset;
    for (int i = 0; i < po.nswitches; i++)
        d.switches[d.nswitches++] = po.switches[i];
    if (po.togo_given)
        d.togo = po.sit.togo;
    if (po.down_given)
        d.down = po.sit.down;
    if (po.ytg_given)
        d.ytg = po.sit.ytg;
    if (po.timeouts_given)
        d.timeouts = po.sit.timeouts_off * 10 + po.sit.timeouts_def;
    d.lead = po.sit.lead;
    d.lead_given = true;
    d.policies = po.policies;

    /* defines, weights */
    {
        pb_ask_error e;
        if (pb_ask_defines_check(&defs, &e) != 0) {
            char where[1400], ctx[2400];
            pb_ask_error_format(&e, "", &defs, 1, where, sizeof where);
            pb_cli_error(cmd, "%s", where);
            pb_ask_error_context(&e, "", &defs, ctx, sizeof ctx);
            fputs(ctx, stderr);
            status = PB_EXIT_USAGE;
            goto done;
        }
    }
    pb_ask_weights weights;
    bool have_weights = weight_arg && strcmp(weight_arg, "uniform") != 0;
    if (have_weights && strcmp(weight_arg, "field") == 0) {
        pb_ask_weights_init(&weights);
        weights.field = true;
        snprintf(weights.label, sizeof weights.label, "field");
    } else if (have_weights) {
        char err[1024];
        pb_ask_weights_init(&weights);
        if (pb_ask_weights_load(&weights, weight_arg, err, sizeof err) != 0) {
            pb_ask_weights_release(&weights);
            status = pb_cli_error(cmd, "--weight: %s", err);
            goto done;
        }
    }

    /* the questions */
    char *file_text = NULL;
    question *qs = NULL;
    int nq = 0;
    qs = calloc(QUESTIONS_MAX, sizeof *qs);
    if (!qs) {
        status = pb_cli_error(cmd, "out of memory");
        goto release;
    }
    for (const char *text; (text = pb_cli_opts_shift(&g));) {
        if (nq >= QUESTIONS_MAX) {
            status = pb_cli_error(cmd, "too many questions (at most %d)", QUESTIONS_MAX);
            goto release;
        }
        qs[nq].text = text;
        qs[nq].line = nq + 1;
        nq++;
    }
    if (file_arg) {
        char err[512];
        file_text = read_all(file_arg, err, sizeof err);
        if (!file_text) {
            status = pb_cli_error(cmd, "%s", err);
            goto release;
        }
        int line = 0;
        for (char *at = file_text; *at;) {
            line++;
            char *nl = strchr(at, '\n');
            if (nl)
                *nl = '\0';
            char *t = at;
            at = nl ? nl + 1 : at + strlen(at);
            size_t n = strlen(t);
            if (n && t[n - 1] == '\r')
                t[--n] = '\0';
            size_t sp = strspn(t, " \t");
            if (!t[sp] || t[sp] == '#')
                continue;
            if (nq >= QUESTIONS_MAX) {
                status = pb_cli_error(cmd, "%s:%d: too many questions (at most %d)", file_arg, line, QUESTIONS_MAX);
                goto release;
            }
            qs[nq].text = t;
            qs[nq].file = file_arg;
            qs[nq].line = line;
            nq++;
        }
    }
    if (nq == 0) {
        status = pb_cli_error(cmd, "give a question, e.g. paperbowl ask 'P(td) offense=run defense=4 togo=5' "
                                   "(see 'paperbowl ask --help')");
        goto release;
    }
    for (int i = 0; i < nq; i++) {
        pb_ask_error e;
        int game = pb_ask_game_parse(&qs[i].gq, qs[i].text, &e);
        if (game < 0) {
            report(&qs[i], nq, &e, &defs);
            status = PB_EXIT_USAGE;
            goto release;
        }
        if (game == 0) {
            qs[i].game = true;
            continue;
        }
        if (pb_ask_parse(&qs[i].query, qs[i].text, &defs, &e) != 0) {
            report(&qs[i], nq, &e, &defs);
            status = PB_EXIT_USAGE;
            goto release;
        }
        int st = pb_ask_plan_init(&qs[i].plan, &qs[i].query, &d, have_weights ? &weights : NULL, &e);
        qs[i].planned = true;
        if (st != 0) {
            report(&qs[i], nq, &e, &defs);
            status = PB_EXIT_USAGE;
            goto release;
        }
    }
    for (int i = 0; i < nq; i++) {
        pb_ask_result r;
        char err[512];
        if (qs[i].game) {
            if (i && !json)
                printf("\n");
            if ((status = game_question(cmd, &qs[i], &po, values_arg, json)) != PB_EXIT_OK)
                goto release;
            continue;
        }
        if (pb_ask_run(&qs[i].plan, &r, err, sizeof err) != 0) {
            pb_ask_result_release(&r);
            status = pb_cli_error(cmd, "%s", err);
            goto release;
        }
        if (json) {
            char *text = pb_ask_json(&qs[i].plan, &r, &fmt);
            if (!text) {
                pb_ask_result_release(&r);
                status = pb_cli_error(cmd, "out of memory");
                goto release;
            }
            printf("%s\n", text);
            free(text);
        } else {
            if (i)
                printf("\n");
            pb_ask_print_text(stdout, &qs[i].plan, &r, &fmt);
        }
        pb_ask_result_release(&r);
    }
    pb_cli_stdout_flush();   /* (a failed write: pb_cli_main's pb_cli_stdout_close says so, status 2) */
release:
    if (qs)
        for (int i = 0; i < nq; i++)
            if (qs[i].planned)
                pb_ask_plan_release(&qs[i].plan);
    free(qs);
    free(file_text);
    if (have_weights)
        pb_ask_weights_release(&weights);
    pb_ask_release_solves();
done:
    for (int i = 0; i < PB_ASK_DEFINES_MAX; i++)
        free(define_copies[i]);
    return status;
}
