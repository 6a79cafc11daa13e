/* cli/cmd_dist.c: `paperbowl dist`: the exact distribution of one play or kick, with
 * its summaries, as text or JSON ({"outcomes":[...],"summary":{...}}, every number a
 * "num/den" string in lowest terms; other tools read it, keep it stable). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "enumerate.h"
#include "exact.h"

static const char usage[] =
    "usage: paperbowl dist --offense run|short|long --defense 1..5 [--card 01..24|none|deck] [OPTIONS]\n"
    "       paperbowl dist --kickoff|--onside|--punt|--return|--fg|--pat|--two-point [OPTIONS]\n\n"
    "The exact distribution of one play's outcomes: every outcome with its probability as a fraction\n"
    "in lowest terms and a correctly rounded percentage, then the summaries (td, turnover, safety,\n"
    "complete, first_down, mean_yards). mean_yards is the mean gain of the plays that end in a gain,\n"
    "an incompletion (0), a sack or an accepted penalty: touchdowns, turnovers and safeties are left\n"
    "out. Kicks and punts give the receiving team's starting togo.\n\n"
    "  --offense CARD       run, short, long\n"
    "  --defense N          Defense 1..5\n"
    "  --card N             play card 01..24, none (default), or deck (the 24 cards, 1/24 each)\n"
    "  --kickoff            a kickoff from the own 30 (--free-kick: from the own 20, after a safety)\n"
    "  --onside             an onside kick (with --free-kick: from the own 20)\n"
    "  --free-kick          the kick after a safety (with --kickoff or --onside)\n"
    "  --punt               a punt from --togo\n"
    "  --return             a return from --togo (the receiving team's togo where the ball stopped)\n"
    "  --fg                 a field goal from --togo (at most 40)\n"
    "  --pat                a PAT kick\n"
    "  --two-point          a two-point try (--offense, --defense; no play card)\n"
    "  --depth K            cut every doubles chain after K re-rolls; the cut mass is the outcome `cut`\n"
    "                       (default 0: chains absorbed exactly, no truncation)\n"
    "  --walk               use the reference walker (every re-roll rolled literally; needs --depth 1..12)\n"
    "  --places N           decimal places of the percentages (default 2)\n"
    "  --repeat N           compute the distribution N times, print it once (for timing; default 1)\n"
    "  --json               {\"outcomes\":[{\"result\":...,\"yards\":...,\"p\":\"num/den\"}],\"summary\":{...}}\n"
    "%s";


/* Out of memory while printing: set, and the printers' output is thrown away (cmd_dist). */
static int print_failed;

/* A freshly allocated string for q (fraction or decimal / percent); the caller frees it. Out of
 * memory: "" (static, free() is not called on it by ustr_free) and print_failed set. */
static char empty[1];

static char *fraction(const mpq_t q)
{
    size_t n = pb_exact_fraction_size(q);
    char *s = malloc(n);
    if (!s) {
        print_failed = 1;
        return empty;
    }
    pb_exact_fraction(s, n, q);
    return s;
}

static char *percent(const mpq_t q, int places)
{
    size_t n = pb_exact_decimal_size(q, places + 2) + 2;
    char *s = malloc(n);
    if (!s) {
        print_failed = 1;
        return empty;
    }
    pb_exact_percent(s, n, q, places);
    return s;
}

static char *decimal(const mpq_t q, int places)
{
    size_t n = pb_exact_decimal_size(q, places);
    char *s = malloc(n);
    if (!s) {
        print_failed = 1;
        return empty;
    }
    pb_exact_decimal(s, n, q, places);
    return s;
}

static void ustr_free(char *s)
{
    if (s != empty)
        free(s);
}

typedef struct {
    const char *name;
    mpq_srcptr q;
    bool mean;   /* a mean in yards, not a probability */
} summary_row;

static size_t summary_rows(const pb_summary *s, pb_action a, int depth, summary_row *rows)
{
    size_t n = 0;
#define ROW(nm, field, m) rows[n++] = (summary_row){nm, s->field, m}
    switch (a) {
    case PB_ACTION_PLAY:
    case PB_ACTION_TWO_POINT:
        ROW("td", td, false);
        ROW("turnover", turnover, false);
        ROW("safety", safety, false);
        ROW("complete", complete, false);
        ROW("first_down", first_down, false);
        ROW("mean_yards", mean_yards, true);
        break;
    case PB_ACTION_FIELD_GOAL:
    case PB_ACTION_PAT:
        ROW("good", good, false);
        break;
    case PB_ACTION_ONSIDE:
    case PB_ACTION_ONSIDE_FREE:
        ROW("kept", kept, false);
        ROW("mean_start", mean_start, true);
        break;
    default:
        ROW("td", td, false);
        ROW("mean_start", mean_start, true);
        break;
    }
    if (depth > 0)
        ROW("cut", cut, false);
#undef ROW
    return n;
}

static void print_json(FILE *out, const pb_dist *d, const pb_summary *s)
{
    pb_dist c;
    if (pb_dist_collapse(d, &c) != 0)
        print_failed = 1;
    mpq_t p;
    mpq_init(p);
    fprintf(out, "{\"outcomes\":[");
    for (size_t i = 0; i < c.count; i++) {
        pb_dist_p(&c, i, p);
        char *f = fraction(p);
        fprintf(out, "%s{\"result\":\"%s\",\"yards\":%d,\"p\":\"%s\"}", i ? "," : "", pb_outcome_name(c.entries[i].kind),
               c.entries[i].yards, f);
        ustr_free(f);
    }
    fprintf(out, "],\"summary\":{");
    const struct { const char *name; mpq_srcptr q; } keys[] = {
        {"td", s->td}, {"turnover", s->turnover}, {"safety", s->safety}, {"complete", s->complete},
        {"first_down", s->first_down}, {"mean_yards", s->mean_yards}, {"cut", s->cut}, {"good", s->good},
        {"kept", s->kept}, {"mean_start", s->mean_start}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char *f = fraction(keys[i].q);
        fprintf(out, "%s\"%s\":\"%s\"", i ? "," : "", keys[i].name, f);
        ustr_free(f);
    }
    fprintf(out, "}}\n");
    mpq_clear(p);
    pb_dist_release(&c);
}

static void print_text(FILE *out, const char *head, const pb_dist *d, const pb_summary *s, pb_action a, int depth,
                       int places)
{
    pb_dist c;
    if (pb_dist_collapse(d, &c) != 0)
        print_failed = 1;
    size_t n = c.count;
    char **label = calloc(n + 1, sizeof *label), **frac = calloc(n + 1, sizeof *frac);
    char **pct = calloc(n + 1, sizeof *pct);
    if (!label || !frac || !pct) {
        free(label);
        free(frac);
        free(pct);
        pb_dist_release(&c);
        print_failed = 1;
        return;
    }
    mpq_t p;
    mpq_init(p);
    size_t wl = strlen("outcome"), wf = strlen("probability");
    for (size_t i = 0; i < n; i++) {
        pb_result r = {c.entries[i].kind, c.entries[i].yards, 0, 0, 0, PB_OFF_RUN, 0};
        label[i] = malloc(64);
        if (!label[i]) {
            print_failed = 1;
            label[i] = empty;
        } else if (a == PB_ACTION_FIELD_GOAL && r.kind == PB_OUT_START) {
            /* a missed field goal is the opponent's start at the spot: said as the miss it is */
            char start[48];
            pb_result_text(&r, start, sizeof start);
            snprintf(label[i], 64, "miss: %s", start);
        } else
            pb_result_text(&r, label[i], 64);
        pb_dist_p(&c, i, p);
        frac[i] = fraction(p);
        pct[i] = percent(p, places);
        if (strlen(label[i]) > wl)
            wl = strlen(label[i]);
        if (strlen(frac[i]) > wf)
            wf = strlen(frac[i]);
    }
    summary_row rows[16];
    size_t nrows = summary_rows(s, a, depth, rows);
    for (size_t i = 0; i < nrows; i++) {
        char *f = fraction(rows[i].q);
        if (strlen(f) > wf)
            wf = strlen(f);
        if (strlen(rows[i].name) > wl)
            wl = strlen(rows[i].name);
        ustr_free(f);
    }
    fprintf(out, "%s\n\n", head);
    fprintf(out, "%-*s  %-*s  %s\n", (int)wl, "outcome", (int)wf, "probability", "percent");
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%-*s  %-*s  %*s\n", (int)wl, label[i], (int)wf, frac[i], places + 5, pct[i]);
    fprintf(out, "\n%-*s  %-*s  %s\n", (int)wl, "summary", (int)wf, "exact", "decimal");
    for (size_t i = 0; i < nrows; i++) {
        char *f = fraction(rows[i].q);
        char *v = rows[i].mean ? decimal(rows[i].q, places) : percent(rows[i].q, places);
        fprintf(out, "%-*s  %-*s  %*s%s\n", (int)wl, rows[i].name, (int)wf, f, places + 5, v,
                !rows[i].mean ? "" : rows[i].q == s->mean_yards ? " yards (touchdowns, turnovers, safeties left out)"
                                                                : " yards");
        ustr_free(f);
        ustr_free(v);
    }
    for (size_t i = 0; i < n; i++) {
        ustr_free(label[i]);
        ustr_free(frac[i]);
        ustr_free(pct[i]);
    }
    free(label);
    free(frac);
    free(pct);
    mpq_clear(p);
    pb_dist_release(&c);
}

int cmd_dist(int argc, char **argv)
{
    enum { O_JSON = 1000, O_DEPTH, O_WALK, O_PLACES, O_REPEAT, O_PLAY, O_ACTION };
    static const struct option options[] = {
        {"json", no_argument, NULL, O_JSON}, {"depth", required_argument, NULL, O_DEPTH},
        {"walk", no_argument, NULL, O_WALK}, {"places", required_argument, NULL, O_PLACES},
        {"repeat", required_argument, NULL, O_REPEAT}, PB_CLI_HELP_OPTION,
        PB_CLI_ACTION_OPTIONS(O_ACTION), PB_CLI_PLAY_OPTIONS(O_PLAY), {NULL, 0, NULL, 0}};
    const char *cmd = "dist";
    pb_cli_play_opts po;
    pb_cli_play_opts_init(&po);
    pb_cli_action a;
    pb_cli_action_init(&a);
    int depth = 0, places = 2, repeat = 1;
    bool json = false, walk = false;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.usage_arg = pb_cli_play_opts_help;
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_JSON:
            json = true;
            break;
        case O_DEPTH:
            if (pb_cli_int(cmd, "--depth", g.arg, 0, PB_ENUM_DEPTH_MAX, &depth) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_WALK:
            walk = true;
            break;
        case O_REPEAT:
            if (pb_cli_int(cmd, "--repeat", g.arg, 1, 1000000, &repeat) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_PLACES:
            if (pb_cli_int(cmd, "--places", g.arg, 0, 30, &places) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_ACTION:
            if (pb_cli_action_option(cmd, g.name, g.arg, true, &a) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_PLAY:
            if (pb_cli_play_option(cmd, g.name, g.arg, &po) != 0)
                return PB_EXIT_USAGE;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (walk && (depth < 1 || depth > PB_WALK_DEPTH_MAX))
        return pb_cli_error(cmd, "--walk needs --depth 1..%d (the walker rolls every re-roll literally)",
                            PB_WALK_DEPTH_MAX);
    if (pb_cli_action_finish(cmd, &a, &po) != 0)
        return PB_EXIT_USAGE;
    pb_cli_action_kind act = a.kind;
    pb_offense off = a.offense;
    int def = a.defense, card = a.card;
    bool free_kick = a.free_kick;

    static const pb_action actmap[] = {PB_ACTION_PLAY, PB_ACTION_KICKOFF, PB_ACTION_ONSIDE, PB_ACTION_PUNT,
                                       PB_ACTION_RETURN, PB_ACTION_FIELD_GOAL, PB_ACTION_PAT, PB_ACTION_TWO_POINT};
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = actmap[act];
    if (free_kick)
        q.action = act == PB_CLI_KICKOFF ? PB_ACTION_FREE_KICK : PB_ACTION_ONSIDE_FREE;
    q.sit = po.sit;
    q.offense = off;
    q.defense = def;
    q.card = card;
    q.depth = depth;
    pb_play_env env = {&po.rules, po.policies, NULL, NULL};
    pb_dist d;
    char err[512];
    int st = walk ? pb_walk(&d, &env, &q, err, sizeof err) : pb_enumerate(&d, &env, &q, err, sizeof err);
    for (int i = 1; i < repeat && st == 0; i++) {
        pb_dist_release(&d);
        st = walk ? pb_walk(&d, &env, &q, err, sizeof err) : pb_enumerate(&d, &env, &q, err, sizeof err);
    }
    if (st != 0) {
        pb_dist_release(&d);
        pb_enum_cache_clear();
        return pb_cli_error(cmd, "%s", err);
    }
    pb_summary s;
    pb_summary_init(&s);
    pb_summarize(&d, &s);
    /* printed into memory first: out of memory prints nothing but the message */
    char *text = NULL;
    size_t textlen = 0;
    FILE *out = open_memstream(&text, &textlen);
    print_failed = !out;
    if (!out) {
    } else if (json) {
        print_json(out, &d, &s);
    } else {
        static const char *const nth[] = {"", "1st", "2nd", "3rd", "4th"};
        char head[512], sit[160], pol[160], how[64];
        snprintf(sit, sizeof sit, "%d yards to go, %s and %d, lead %d, timeouts %d,%d", po.sit.togo,
                 nth[po.sit.down], po.sit.ytg, po.sit.lead, po.sit.timeouts_off, po.sit.timeouts_def);
        pb_policies_format(&po.policies, pol, sizeof pol);
        if (depth)
            snprintf(how, sizeof how, "chains cut after %d re-rolls%s", depth, walk ? ", reference walker" : "");
        else
            snprintf(how, sizeof how, "exact");
        int from = free_kick ? po.rules.free_kick_from : po.rules.kickoff_from;
        switch (act) {
        case PB_CLI_PLAY:
            if (card > 0)
                snprintf(head, sizeof head, "%s vs Defense %d, card %02d %s, %s", pb_offense_name(off), def, card,
                         po.rules.card[card - 1].name, sit);
            else
                snprintf(head, sizeof head, "%s vs Defense %d, card %s, %s", pb_offense_name(off), def,
                         card == PB_CARD_DECK ? "deck (each card 1/24)" : "none", sit);
            break;
        case PB_CLI_TWO_POINT:
            snprintf(head, sizeof head, "two-point try: %s vs Defense %d", pb_offense_name(off), def);
            break;
        case PB_CLI_KICKOFF:
            snprintf(head, sizeof head, "%s from the own %d: the receiving team's start", free_kick ? "free kick" : "kickoff", from);
            break;
        case PB_CLI_ONSIDE:
            snprintf(head, sizeof head, "onside %s from the own %d", free_kick ? "free kick" : "kick", from);
            break;
        case PB_CLI_PUNT:
            snprintf(head, sizeof head, "punt from %d yards to go: the receiving team's start", po.sit.togo);
            break;
        case PB_CLI_RETURN:
            snprintf(head, sizeof head, "return from %d yards to go", po.sit.togo);
            break;
        case PB_CLI_FG:
            snprintf(head, sizeof head, "field goal from %d yards to go", po.sit.togo);
            break;
        default:
            snprintf(head, sizeof head, "PAT kick");
            break;
        }
        size_t hl = strlen(head);
        snprintf(head + hl, sizeof head - hl, "\nruleset %s; policies %s; %s", po.rules.name, pol, how);
        for (int i = 0; i < po.nswitches; i++) {
            hl = strlen(head);
            snprintf(head + hl, sizeof head - hl, "%s%s", i ? ", " : "; switches ", po.switches[i]);
        }
        print_text(out, head, &d, &s, q.action, depth, places);
    }
    if (out && fclose(out) != 0)
        print_failed = 1;
    pb_summary_release(&s);
    pb_dist_release(&d);
    pb_enum_cache_clear();
    if (print_failed) {
        free(text);
        return pb_cli_error(cmd, "out of memory");
    }
    fwrite(text, 1, textlen, stdout);
    free(text);
    return PB_EXIT_OK;
}
