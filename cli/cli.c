/* cli/cli.c: shared command-line helpers: errors, the getopt loop, option values, the play
 * options (see cli.h). */
#include "cli.h"
#include "cli_num.h"
#include "cli_progress.h"
#include "ctl_escape.h"
#include "switches.h"
#include "workers.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *error_sink;
static size_t error_sink_len;

void pb_cli_set_error_sink(char *buf, size_t len)
{
    error_sink = buf;
    error_sink_len = len;
    if (buf && len)
        buf[0] = 0;
}

int pb_cli_error(const char *cmd, const char *fmt, ...)
{
    char text[1024], msg[1100];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    /* what the message quotes (an option's value, a file's line) may hold control bytes: shown escaped */
    int n = snprintf(msg, sizeof msg, "paperbowl %s: error: ", cmd);
    pb_ctl_escape(text, strlen(text), msg + n, sizeof msg - (size_t)n);
    pb_cli_progress_clear();   /* the message on a line of its own */
    if (!error_sink)
        fprintf(stderr, "%s\n", msg);
    else if (error_sink_len && !error_sink[0])
        snprintf(error_sink, error_sink_len, "%s", msg);
    return PB_EXIT_USAGE;
}

/* The message for a number refused by the parser (cli_num.h), naming the option. */
static void num_error(const char *cmd, const char *option, const char *text, pb_cli_num_status st, const char *what,
                      const char *range)
{
    if (st == PB_CLI_NUM_RANGE)
        pb_cli_error(cmd, "%s: %s is out of range (%s)", option, text, range);
    else
        pb_cli_error(cmd, "%s: '%s' is not a %s", option, text, what);
}

int pb_cli_int(const char *cmd, const char *option, const char *text, int min, int max, int *out)
{
    int64_t v;
    pb_cli_num_status st = pb_cli_num_i64(text, min, max, &v);
    if (st != PB_CLI_NUM_OK) {
        char range[64];
        snprintf(range, sizeof range, "%d..%d", min, max);
        num_error(cmd, option, text, st, "whole number", range);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int pb_cli_u64(const char *cmd, const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    pb_cli_num_status st = pb_cli_num_u64(text, min, max, out);
    if (st != PB_CLI_NUM_OK) {
        char range[64];
        snprintf(range, sizeof range, "%" PRIu64 "..%" PRIu64, min, max);
        num_error(cmd, option, text, st, "whole number", range);
        return -1;
    }
    return 0;
}

int pb_cli_double(const char *cmd, const char *option, const char *text, double min, double max, double *out)
{
    pb_cli_num_status st = pb_cli_num_double(text, min, max, out);
    if (st != PB_CLI_NUM_OK) {
        char range[64];
        snprintf(range, sizeof range, "%g..%g", min, max);
        num_error(cmd, option, text, st, "number", range);
        return -1;
    }
    return 0;
}

int pb_cli_int_list(const char *text, int min, int max, int *vals, size_t maxn, size_t *n)
{
    *n = 0;
    const char *at = text;
    for (;;) {
        const char *comma = strchr(at, ',');
        size_t len = comma ? (size_t)(comma - at) : strlen(at);
        char item[32];
        int64_t v;
        if (len == 0 || len >= sizeof item || *n >= maxn)
            return -1;
        memcpy(item, at, len);
        item[len] = 0;
        if (pb_cli_num_i64(item, min, max, &v) != PB_CLI_NUM_OK)
            return -1;
        vals[(*n)++] = (int)v;
        if (!comma)
            return 0;
        at = comma + 1;
    }
}

int pb_cli_offense(const char *cmd, const char *option, const char *text, pb_offense *out)
{
    int o = pb_offense_parse(text);
    if (o < 0) {
        pb_cli_error(cmd, "%s: unknown offense card '%s' (run, short, long)", option, text);
        return -1;
    }
    *out = (pb_offense)o;
    return 0;
}

int pb_cli_defense(const char *cmd, const char *option, const char *text, int *out)
{
    int64_t v;
    if (pb_cli_num_i64(text, 1, PB_DEFENSE_COUNT, &v) != PB_CLI_NUM_OK) {
        pb_cli_error(cmd, "%s: unknown defense card '%s' (1..%d)", option, text, PB_DEFENSE_COUNT);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int pb_cli_card(const char *cmd, const char *option, const char *text, bool allow_deck, int *out)
{
    if (strcmp(text, "none") == 0) {
        *out = 0;
        return 0;
    }
    if (allow_deck && strcmp(text, "deck") == 0) {
        *out = PB_CARD_DECK;
        return 0;
    }
    int64_t v;
    if (pb_cli_num_i64(text, 1, PB_CARD_COUNT, &v) != PB_CLI_NUM_OK) {
        pb_cli_error(cmd, "%s: unknown play card '%s' (01..24, none%s)", option, text, allow_deck ? ", deck" : "");
        return -1;
    }
    *out = (int)v;
    return 0;
}

int pb_cli_deck(const char *cmd, const char *text, int *given, bool *real)
{
    bool r;
    if (strcmp(text, "real") == 0)
        r = true;
    else if (strcmp(text, "uniform") == 0)
        r = false;
    else {
        pb_cli_error(cmd, "--deck: '%s' is not uniform or real", text);
        return -1;
    }
    if (*given && *real != r) {
        pb_cli_error(cmd, "--deck: '%s' contradicts the deck already given (%s)", text, *real ? "real" : "uniform");
        return -1;
    }
    *given = 1;
    *real = r;
    return 0;
}

int pb_cli_policies(const char *cmd, const char *text, pb_policies *out)
{
    char err[256];
    /* the library skips empty entries; an option given must say something */
    size_t len = strlen(text);
    if (len == 0 || text[0] == ',' || text[len - 1] == ',' || strstr(text, ",,")) {
        pb_cli_error(cmd, "--policy: '%s' has an empty entry (give NAME=VALUE,..., e.g. challenge=never)", text);
        return -1;
    }
    if (pb_policies_parse(out, text, err, sizeof err) != 0) {
        pb_cli_error(cmd, "--policy: %s", err);
        return -1;
    }
    return 0;
}

int pb_cli_ruleset(const char *cmd, const char *name_or_path, pb_ruleset *out)
{
    char err[PB_ERR_MAX];
    if (pb_ruleset_load(out, name_or_path, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s", err);
        return -1;
    }
    if (pb_ruleset_name_by_file(out, name_or_path) != 0) {
        pb_cli_error(cmd, "out of memory");
        return -1;
    }
    return 0;
}

void pb_cli_usage(FILE *f, const char *usage, const char *arg)
{
    char cpus[64];
    pb_workers_help(cpus, sizeof cpus);
    size_t tok = strlen(PB_CLI_CPUS), n = 0;
    for (const char *p = strstr(usage, PB_CLI_CPUS); p; p = strstr(p + tok, PB_CLI_CPUS))
        n++;
    char *text = malloc(strlen(usage) + n * strlen(cpus) + 1);
    if (!text) {  /* out of memory: the help with its token unexpanded */
        fputs(usage, f);
        return;
    }
    char *w = text;
    for (const char *p = usage;;) {
        const char *q = strstr(p, PB_CLI_CPUS);
        size_t len = q ? (size_t)(q - p) : strlen(p);
        memcpy(w, p, len);
        w += len;
        if (!q)
            break;
        w = stpcpy(w, cpus);
        p = q + tok;
    }
    *w = 0;
    if (arg)
        fprintf(f, text, arg);
    else
        fputs(text, f);
    free(text);
}

void pb_cli_opts_init(pb_cli_opts *g, const char *cmd, const char *usage, int argc, char **argv,
                      const struct option *options)
{
    memset(g, 0, sizeof *g);
    g->cmd = cmd;
    g->usage = usage;
    g->shorts = ":h";
    g->first = 1;
    g->argc = argc;
    g->argv = argv;
    g->options = options;
}

int pb_cli_opts_next(pb_cli_opts *g)
{
    if (!g->started) {
        opterr = 0;
        optind = g->first;
        g->started = true;
    }
    int index = -1;
    int opt = getopt_long(g->argc, g->argv, g->shorts, g->options, &index);
    g->name = index >= 0 ? g->options[index].name : NULL;
    g->arg = optarg;
    switch (opt) {
    case -1:
        g->args = g->argv + optind;
        g->nargs = g->argc - optind;
        return PB_CLI_OPTS_END;
    case 'h':
        pb_cli_usage(stdout, g->usage, g->usage_arg);
        g->status = PB_EXIT_OK;
        return PB_CLI_OPTS_EXIT;
    case ':':
        g->status = pb_cli_error(g->cmd, "option '%s' needs a value", g->argv[optind - 1]);
        return PB_CLI_OPTS_EXIT;
    case '?':
        g->status = pb_cli_error(g->cmd, "unknown option '%s' (see 'paperbowl %s --help')", g->argv[optind - 1],
                                 g->cmd);
        return PB_CLI_OPTS_EXIT;
    default:
        return opt;
    }
}

const char *pb_cli_opts_shift(pb_cli_opts *g)
{
    if (g->nargs == 0)
        return NULL;
    g->nargs--;
    return *g->args++;
}

int pb_cli_opts_no_arguments(const pb_cli_opts *g)
{
    if (g->nargs == 0)
        return 0;
    pb_cli_error(g->cmd, "unexpected argument '%s'", g->args[0]);
    return -1;
}

const char pb_cli_play_opts_help[] =
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --togo N             yards to the opponent's goal line, 1..99 (default 50)\n"
    "  --down N             down, 1..4 (default 1)\n"
    "  --ytg N              yards to gain (default 10, or togo when closer: goal to go)\n"
    "  --lead N             offense score minus defense score (default 0; card 07)\n"
    "  --timeouts O,D       timeouts left to offense and defense, each at most the ruleset's per half\n"
    "                       (default: all of them, 3,3)\n"
    "  --policy LIST        decision policies, e.g. challenge=never,timeout=always,penalty=accept,return=touchback\n"
    "                       (challenge, timeout: best|always|never; penalty: best|accept|decline;\n"
    "                        return: best|return|touchback; default best for all)\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable), e.g. --switch END-LINE=ge\n"
    "                       ('paperbowl rules switches' lists them)\n";


void pb_cli_play_opts_init(pb_cli_play_opts *po)
{
    memset(po, 0, sizeof *po);
    po->ruleset = PB_RULESET_DEFAULT;
    po->sit.togo = 50;
    po->sit.down = 1;
    po->sit.ytg = 10;
    po->sit.timeouts_off = po->sit.timeouts_def = 3;
}

int pb_cli_play_option(const char *cmd, const char *option, const char *arg, pb_cli_play_opts *po)
{
    if (strcmp(option, "ruleset") == 0) {
        po->ruleset = arg;
    } else if (strcmp(option, "togo") == 0) {
        po->togo_given = true;
        return pb_cli_int(cmd, "--togo", arg, 1, 99, &po->sit.togo);
    } else if (strcmp(option, "down") == 0) {
        po->down_given = true;
        return pb_cli_int(cmd, "--down", arg, 1, 4, &po->sit.down);
    } else if (strcmp(option, "ytg") == 0) {
        po->ytg_given = true;
        return pb_cli_int(cmd, "--ytg", arg, 1, 99, &po->sit.ytg);
    } else if (strcmp(option, "lead") == 0) {
        return pb_cli_int(cmd, "--lead", arg, -999, 999, &po->sit.lead);
    } else if (strcmp(option, "timeouts") == 0) {
        int od[2];
        size_t n;
        if (pb_cli_int_list(arg, 0, 9, od, 2, &n) != 0 || n != 2) {
            pb_cli_error(cmd, "--timeouts: '%s' must be O,D with 0..9 each (e.g. 3,3)", arg);
            return -1;
        }
        po->sit.timeouts_off = od[0];
        po->sit.timeouts_def = od[1];
        po->timeouts_given = true;
    } else if (strcmp(option, "switch") == 0) {
        if (po->nswitches >= (int)(sizeof po->switches / sizeof po->switches[0])) {
            pb_cli_error(cmd, "--switch: too many");
            return -1;
        }
        po->switches[po->nswitches++] = arg;
    } else if (strcmp(option, "policy") == 0) {
        return pb_cli_policies(cmd, arg, &po->policies);
    } else {
        return 1;
    }
    return 0;
}

int pb_cli_play_opts_finish(const char *cmd, pb_cli_play_opts *po)
{
    if (pb_cli_ruleset(cmd, po->ruleset, &po->rules) != 0)
        return -1;
    char swerr[256];
    for (int i = 0; i < po->nswitches; i++)
        if (pb_switch_apply(&po->rules, po->switches[i], swerr, sizeof swerr) != 0) {
            pb_cli_error(cmd, "--switch: %s", swerr);
            return -1;
        }
    if (!po->timeouts_given)
        po->sit.timeouts_off = po->sit.timeouts_def = po->rules.sw.timeouts;
    else if (po->sit.timeouts_off > po->rules.sw.timeouts || po->sit.timeouts_def > po->rules.sw.timeouts) {
        pb_cli_error(cmd, "--timeouts %d,%d: this ruleset gives %d timeouts a half", po->sit.timeouts_off,
                     po->sit.timeouts_def, po->rules.sw.timeouts);
        return -1;
    }
    if (!po->ytg_given)
        po->sit.ytg = po->rules.first_down_yards;
    if (po->sit.ytg > po->sit.togo) {
        if (po->ytg_given) {
            pb_cli_error(cmd, "--ytg: %d yards to gain from %d yards out is past the goal line", po->sit.ytg,
                         po->sit.togo);
            return -1;
        }
        po->sit.ytg = po->sit.togo;  /* goal to go */
    }
    char err[256];
    if (pb_situation_check(&po->sit, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s", err);
        return -1;
    }
    return 0;
}

/* "1-14, 20, 30-35" from a sorted list */
void pb_cli_ranges(const int *v, size_t n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && v[j + 1] == v[j] + 1)
            j++;
        int k = j > i ? snprintf(buf + used, len - used, "%s%d-%d", used ? ", " : "", v[i], v[j])
                      : snprintf(buf + used, len - used, "%s%d", used ? ", " : "", v[i]);
        if (k < 0 || (size_t)k >= len - used) {
            snprintf(buf + (len > 4 ? len - 4 : 0), len > 4 ? 4 : len, "...");
            return;
        }
        used += (size_t)k;
        i = j + 1;
    }
}
