/* cli/cmd_diff.c: `paperbowl diff RULESET_A RULESET_B`: every cell of the grid whose exact
 * distribution changes from A to B, with the exact and decimal change of each summary, largest
 * first. Exit status 0 when nothing changes, 1 when something does (for a designer's CI),
 * 2 on bad input. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "verify.h"

static const char usage[] =
    "usage: paperbowl diff RULESET_A RULESET_B [--togo LIST] [--policy LIST] [--top N] [--threads N]\n\n"
    "Enumerates every cell under both rulesets (offense x defense x card none/01-24 x togo 1-99\n"
    "at 1st and 10, tied, full timeouts; card 07 also when leading; and every special-teams\n"
    "cell) and lists the cells whose exact distribution changed, with the change of each\n"
    "summary (exact, then correctly rounded), largest first. Exit 0: no change; 1: changes.\n\n"
    "  RULESET_A, RULESET_B   embedded names (v1.11-ja, v1.11-en) or ruleset files\n"
    "  --policy LIST          decision policies (default best for all)\n"
    "  --togo LIST            only these field positions (comma-separated togo values; default 1-99)\n"
    "  --top N                list the N largest changes in detail (default 0: all)\n"
    "  --threads N            worker threads (default: the processors online)\n";

/* "1-14, 20, 30-35" from a sorted list */
static void ranges(const int *v, size_t n, char *buf, size_t len)
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

static bool same_call(const pb_verify_cell *a, const pb_verify_cell *b)
{
    return a->action == b->action && a->offense == b->offense && a->defense == b->defense && a->card == b->card &&
           a->lead == b->lead;
}

static int cell_order(const void *pa, const void *pb)
{
    const pb_verify_cell *a = pa, *b = pb;
#define CMP(f) if (a->f != b->f) return a->f < b->f ? -1 : 1;
    CMP(action) CMP(offense) CMP(defense) CMP(card) CMP(lead) CMP(togo)
#undef CMP
    return 0;
}

/* The changed cells grouped by call, with their togo values. */
static void overview(const pb_verify_diff_result *res, FILE *out)
{
    pb_verify_cell *c = malloc((res->count ? res->count : 1) * sizeof *c);
    int *togo = malloc((res->count ? res->count : 1) * sizeof *togo);
    if (!c || !togo)
        abort();
    for (size_t i = 0; i < res->count; i++)
        c[i] = res->changes[i].cell;
    qsort(c, res->count, sizeof *c, cell_order);
    for (size_t i = 0; i < res->count;) {
        size_t j = i, n = 0;
        while (j < res->count && same_call(&c[i], &c[j]))
            togo[n++] = c[j++].togo;
        char name[128], where[400];
        pb_verify_cell one = c[i];
        bool has_togo = one.action == PB_ACTION_PLAY || one.action == PB_ACTION_PUNT ||
                        one.action == PB_ACTION_RETURN || one.action == PB_ACTION_FIELD_GOAL;
        if (has_togo) {
            ranges(togo, n, where, sizeof where);
            one.togo = -1;
            pb_verify_cell_name(&one, name, sizeof name);
            char *t = strstr(name, ", togo -1");
            if (t)
                memmove(t, t + 9, strlen(t + 9) + 1);
            t = strstr(name, ", landing togo -1");
            if (t)
                memmove(t, t + 17, strlen(t + 17) + 1);
            t = strstr(name, "togo -1");
            if (t)
                *t = '\0';
            fprintf(out, "  %-36s togo %s (%zu)\n", name, where, n);
        } else {
            pb_verify_cell_name(&one, name, sizeof name);
            fprintf(out, "  %s\n", name);
        }
        i = j;
    }
    free(c);
    free(togo);
}

static void detail(const pb_verify_change *ch, FILE *out)
{
    char name[128];
    pb_verify_cell_name(&ch->cell, name, sizeof name);
    if (ch->missing_a || ch->missing_b) {
        fprintf(out, "%s: %s\n", name, ch->missing_a ? "not allowed under A, allowed under B"
                                                      : "allowed under A, not allowed under B");
        return;
    }
    fprintf(out, "%s%s\n", name, ch->outcomes_changed ? "" : " (outcomes unchanged; facts changed)");
    mpq_t d;
    mpq_init(d);
    bool any = false;
    for (int k = 0; k < PB_VERIFY_NSUM; k++) {
        if (mpq_equal(ch->a[k], ch->b[k]))
            continue;
        any = true;
        bool p = pb_verify_sum[k].probability;
        char a[48], b[48], c[48];
        pb_verify_fmt(a, sizeof a, ch->a[k], p, false);
        pb_verify_fmt(b, sizeof b, ch->b[k], p, false);
        mpq_sub(d, ch->b[k], ch->a[k]);
        pb_verify_fmt(c, sizeof c, d, p, true);
        char *exact = pb_verify_fraction(d, true);
        fprintf(out, "    %-11s %10s -> %-10s %10s  (exact %s)\n", pb_verify_sum[k].name, a, b, c, exact);
        free(exact);
    }
    if (!any)
        fprintf(out, "    (no summary changes: the distribution of the outcomes does)\n");
    mpq_clear(d);
}

int cmd_diff(int argc, char **argv)
{
    const char *cmd = "diff";
    enum { O_POLICY = 1000, O_TOP, O_THREADS, O_TOGO };
    static const struct option options[] = {
        {"policy", required_argument, NULL, O_POLICY}, {"top", required_argument, NULL, O_TOP},
        {"togo", required_argument, NULL, O_TOGO},
        {"threads", required_argument, NULL, O_THREADS}, PB_CLI_HELP_OPTION,
        {NULL, 0, NULL, 0}};
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    int threads = pb_verify_threads_default(), top = 0, opt;
    char err[512];
    const char *names[2];
    int nnames = 0, togos[99];
    size_t ntogo = 0;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.shorts = "-:";  /* the rulesets A and B come as code 1, in order */
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case 1:
            if (nnames == 2)
                return pb_cli_error(cmd, "unexpected argument '%s' (two rulesets: A and B)", g.arg);
            names[nnames++] = g.arg;
            break;
        case O_POLICY:
            if (pb_policies_parse(&pol, g.arg, err, sizeof err) != 0)
                return pb_cli_error(cmd, "--policy: %s", err);
            break;
        case O_TOP:
            if (pb_cli_int(cmd, "--top", g.arg, 0, 10000000, &top) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_TOGO:
            if (pb_verify_parse_togos(cmd, g.arg, togos, 99, &ntogo) != 0)
                return PB_EXIT_USAGE;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (nnames != 2)
        return pb_cli_error(cmd, "give two rulesets, A and B (e.g. 'paperbowl diff v1.11-ja v1.11-en')");
    pb_ruleset a, b;
    if (pb_cli_ruleset(cmd, names[0], &a) != 0 || pb_cli_ruleset(cmd, names[1], &b) != 0)
        return PB_EXIT_USAGE;

    pb_verify_diff_result res;
    pb_verify_cells cells;
    pb_verify_cells_init(&cells);
    pb_verify_cells_grid_at(&cells, a.fg_max_togo > b.fg_max_togo ? a.fg_max_togo : b.fg_max_togo,
                            ntogo ? togos : NULL, ntogo);
    double t0 = pb_verify_now();
    int rc = pb_verify_diff(&a, &b, &pol, &cells, threads, &res, err, sizeof err);
    pb_verify_cells_release(&cells);
    if (rc != 0)
        return pb_cli_error(cmd, "%s", err);
    double secs = pb_verify_now() - t0;

    char pols[128];
    pb_policies_format(&pol, pols, sizeof pols);
    printf("diff A = %s -> B = %s (%s -> %s)\n", a.name, b.name, a.source, b.source);
    char where[400] = "1-99";
    if (ntogo) {
        size_t u = 0;
        for (size_t i = 0; i < ntogo && u < sizeof where - 8; i++)
            u += (size_t)snprintf(where + u, sizeof where - u, "%s%d", i ? "," : "", togos[i]);
    }
    printf("cells: offense x defense x card none/01-24 x togo %s at 1st and 10 (goal to go inside the 10),\n"
           "tied, each ruleset's timeouts; card 07 also leading by 1; the special teams (punts, returns and\n"
           "field goals at those togo values)\n", where);
    printf("policies %s; %zu cells compared in %.1f s\n\n", pols, res.cells, secs);
    if (res.nrule_lines) {
        printf("ruleset lines that differ:\n");
        for (size_t i = 0; i < res.nrule_lines; i++)
            printf("  %s\n", res.rule_lines[i]);
        printf("\n");
    }
    if (res.count == 0) {
        printf("no change: every one of the %zu cells has the same exact distribution under A and B\n", res.cells);
        if (res.nrule_lines)
            printf("(the lines above change nothing a single play or kick shows, e.g. game rules)\n");
        pb_verify_diff_release(&res);
        return PB_EXIT_OK;
    }
    size_t facts_only = 0;
    for (size_t i = 0; i < res.count; i++)
        facts_only += !res.changes[i].outcomes_changed;
    printf("%zu of %zu cells changed (%zu in their outcomes, %zu only in facts such as flags):\n", res.count,
           res.cells, res.count - facts_only, facts_only);
    overview(&res, stdout);
    size_t n = top > 0 && (size_t)top < res.count ? (size_t)top : res.count;
    printf("\nchanges, largest first (B - A)%s:\n", n < res.count ? "" : "");
    for (size_t i = 0; i < n; i++)
        detail(&res.changes[i], stdout);
    if (n < res.count)
        printf("... %zu more (--top 0 lists all)\n", res.count - n);
    pb_verify_diff_release(&res);
    return PB_EXIT_FAIL;
}
