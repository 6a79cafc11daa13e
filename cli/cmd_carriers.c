/* cli/cmd_carriers.c: `paperbowl carriers ...`: Carriers!!'s rolls, exactly (carriers/,
 * doc/carriers.md). table: the tables; chart: one pass's route with each square's zone (C2, C3);
 * intercept: a pass with defenders placed; roll: one interception roll ruled; switches, impact,
 * diff: the open questions C1..C13 and what each reading moves. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "carriers_dice.h"
#include "carriers_mc.h"
#include "carriers_rules.h"
#include "carriers_tables.h"
#include "cli.h"
#include "carriers_report.h"
#include "game_cmd.h"
#include "game_switch.h"
#include "exact.h"
#include "table.h"
#include "table_diff.h"

#define CMD "carriers"

static const char usage[] =
    "usage: paperbowl carriers ACTION [OPTIONS]\n\n"
    "Carriers!!: every roll as an exact fraction (doc/carriers.md).\n\n"
    "actions:\n"
    "  table      the tables: intercept-zones intercept-straight intercept-charts rolls injury\n"
    "             [--format txt|md|csv|tex] [--only ID,...] [--lang en|ja]\n"
    "  chart      one pass's route, each square marked with its zone A..D: --pass X,Y\n"
    "  intercept  a pass with defenders on given squares: --pass X,Y --at X,Y[/X,Y...]\n"
    "  roll       one interception roll: --zone A|B|C|D --dice A,B\n"
    "  switches   the open questions C1..C13 with their values and readings\n"
    "  impact     for every reading of every switch: how many table cells move, and the largest move\n"
    "  diff       the cells that move from the ruleset to the ruleset with --set applied\n"
    "  check      Monte Carlo cross-check of the exact figures: [--trials N] [--seed S]\n"
    "  report     the tables and charts as one HTML page: --out FILE.html [--lang en|ja]\n\n"
    "  --rules FILE     a ruleset file (default: the embedded carriers/carriers.ini)\n"
    "  --set ID=VALUE   set a switch first (repeatable), e.g. --set C3=bresenham\n"
    "  --lang en|ja     the words of the tables and the report: English (default) or Japanese\n"
    "X,Y are offsets from the passer (x across, y along the field; signs do not matter).\n";

enum { O_PASS = PB_GCMD_O_NEXT, O_AT, O_ZONE, O_DICE, O_TRIALS, O_SEED, O_PLANT, O_OUT };

static int parse_xy(const char *opt, const char *text, int *x, int *y)
{
    int v[2];
    size_t n;
    if (pb_cli_int_list(text, -20, 20, v, 2, &n) != 0 || n != 2 || abs(v[0]) + abs(v[1]) > 20) {
        pb_cli_error(CMD, "%s: '%s' is not X,Y with |X| + |Y| <= 20", opt, text);
        return -1;
    }
    *x = abs(v[0]);
    *y = abs(v[1]);
    return 0;
}

/* --pass X,Y, given and not 0,0: 0, or -1 after the message. */
static int need_pass(const char *pass, int *x, int *y)
{
    if (!pass) {
        pb_cli_error(CMD, "--pass X,Y is required");
        return -1;
    }
    if (parse_xy("--pass", pass, x, y) != 0)
        return -1;
    if (*x == 0 && *y == 0) {
        pb_cli_error(CMD, "--pass: a pass must go somewhere (not 0,0)");
        return -1;
    }
    return 0;
}

static int print_tables(const cr_rules *r, const char *format, const char *only, pb_lang lang)
{
    pb_table_format f;
    bool want[CR_TABLES];
    if (pb_gcmd_table_opts(CMD, format, only, cr_table_ids, CR_TABLES, &f, want) != 0)
        return PB_EXIT_USAGE;
    cr_table_list l;
    cr_tables_build(&l, r, lang);
    int rc = pb_gcmd_write_tables(l.t, l.n, want, f);
    cr_tables_release(&l);
    return rc;
}

static void print_changes(const pb_table_changes *c, bool all)
{
    for (size_t i = 0; i < c->n; i++)
        if (all || i == c->largest)
            printf("  %-18s %-30s %-28s %8s -> %-8s\n", c->c[i].table, c->c[i].row, c->c[i].col, c->c[i].before,
                   c->c[i].after);
}

static int compare(const cr_rules *a, const cr_rules *b, pb_table_changes *c)
{
    cr_table_list la, lb;
    cr_tables_build(&la, a, PB_LANG_EN);
    cr_tables_build(&lb, b, PB_LANG_EN);
    int rc = pb_tables_compare(la.t, lb.t, la.n, c);
    cr_tables_release(&la);
    cr_tables_release(&lb);
    return rc;
}

static int do_impact(const cr_rules *base)
{
    printf("switch impact: every other reading of each switch against ruleset %s, cells of all tables (in %%)\n\n", base->name);
    for (int i = 0; i < CR_NSWITCH; i++)
        for (int j = 0; cr_switches[i].alts[j]; j++) {
            if (strcmp(cr_switches[i].alts[j], base->value[i]) == 0)
                continue;
            cr_rules r = *base;
            char err[200];
            if (cr_rules_set(&r, cr_switches[i].id, cr_switches[i].alts[j], err, sizeof err) != 0)
                continue;
            pb_table_changes c;
            if (compare(base, &r, &c) != 0)
                return pb_cli_error(CMD, "out of memory");
            printf("%s=%s: %zu cell%s move%s%s\n", cr_switches[i].id, cr_switches[i].alts[j], c.n, c.n == 1 ? "" : "s",
                   c.n == 1 ? "s" : "", i == CR_NSWITCH - 1 && !base->injury_higher_only ? " (only with C6=higher)" : "");
            print_changes(&c, false);
            pb_table_changes_release(&c);
        }
    return PB_EXIT_OK;
}

/* --at X,Y[/X,Y...] into the squares sq[0..*n): every X,Y between slashes read whole; an empty
 * one ("1,2//3,4", a slash first or last) and a square given twice (one piece to a square) are
 * refused. 0, or -1 after the message (nothing printed before it). */
static int parse_at(const char *at, int dx[], int dy[], int *n)
{
    bool given[21][21] = {{false}};
    *n = 0;
    for (const char *p = at; p;) {
        const char *slash = strchr(p, '/');
        size_t len = slash ? (size_t)(slash - p) : strlen(p);
        char item[32];
        if (len == 0 || len >= sizeof item) {
            pb_cli_error(CMD, "--at: '%s' is not X,Y[/X,Y...] with |X| + |Y| <= 20", at);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        p = slash ? slash + 1 : NULL;
        int x, y;
        if (parse_xy("--at", item, &x, &y) != 0)
            return -1;
        if (given[x][y]) {
            pb_cli_error(CMD, "--at: square %d,%d given twice", x, y);
            return -1;
        }
        given[x][y] = true;
        dx[*n] = x;
        dy[*n] = y;
        ++*n;
    }
    return 0;
}

static int do_intercept(const cr_rules *r, const char *pass, const char *at)
{
    int x, y;
    if (need_pass(pass, &x, &y) != 0)
        return PB_EXIT_USAGE;
    int dx[21 * 21], dy[21 * 21], nat = 0;
    if (at && parse_at(at, dx, dy, &nat) != 0)
        return PB_EXIT_USAGE;
    cr_square sq[CR_ROUTE_MAX];
    int n = cr_route(r, x, y, sq, CR_ROUTE_MAX);
    cr_zone zs[CR_ROUTE_MAX];
    int nz = 0;
    printf("pass (%d,%d): %d square%s on the route (C3 = %s), zones from %s (C2 = %s)\n", x, y, n, n == 1 ? "" : "s",
           r->value[2], r->from_source ? "the passer" : "the nearer end", r->value[1]);
    if (at) {
        for (int i = 0; i < nat; i++) {
            int k = 0;
            while (k < n && !(sq[k].x == dx[i] && sq[k].y == dy[i]))
                k++;
            if (k == n) {
                printf("  defender at (%d,%d): not on the route, no interception\n", dx[i], dy[i]);
                continue;
            }
            mpq_t q;
            mpq_init(q);
            cr_zone_p(q, sq[k].zone);
            char f[32];
            pb_exact_fraction(f, sizeof f, q);
            printf("  defender at (%d,%d): zone %c (%s), %s\n", dx[i], dy[i], 'A' + sq[k].zone, cr_zone_rule(sq[k].zone), f);
            mpq_clear(q);
            zs[nz++] = sq[k].zone;
        }
    } else {
        for (int k = 0; k < n; k++)
            zs[nz++] = sq[k].zone;
        printf("  (no --at: a defender on every route square)\n");
    }
    mpq_t q;
    mpq_init(q);
    cr_intercept_p(q, r, zs, nz);
    char f[64], pc[32];
    pb_exact_fraction(f, sizeof f, q);
    pb_exact_percent(pc, sizeof pc, q, 2);
    printf("P(intercepted) = %s = %s (C4 = %s: %s)\n", f, pc, r->value[3],
           r->roll_each ? "a roll for each defender" : "the defense rolls once with its best piece");
    mpq_clear(q);
    return PB_EXIT_OK;
}

int cmd_carriers(int argc, char **argv)
{
    static const struct option options[] = {
        PB_GCMD_OPTIONS,
        {"pass", required_argument, NULL, O_PASS}, {"at", required_argument, NULL, O_AT},
        {"zone", required_argument, NULL, O_ZONE}, {"dice", required_argument, NULL, O_DICE},
        {"trials", required_argument, NULL, O_TRIALS}, {"seed", required_argument, NULL, O_SEED},
        {"plant", required_argument, NULL, O_PLANT},
        {"out", required_argument, NULL, O_OUT},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    const char *pass = NULL, *at = NULL, *zone = NULL, *dice = NULL, *out = NULL;
    pb_gcmd_common com = {.file = NULL};
    int opt, trials = 20000, seed = 1;
    cr_plant plant = CR_PLANT_NONE;
    pb_cli_opts g;
    pb_cli_opts_init(&g, CMD, usage, argc, argv, options);
    g.shorts = ":h";
    while ((opt = pb_gcmd_next(&g, &com)) > 0) {
        switch (opt) {
        case O_PASS: pass = g.arg; break;
        case O_OUT: out = g.arg; break;
        case O_AT: at = g.arg; break;
        case O_ZONE: zone = g.arg; break;
        case O_DICE: dice = g.arg; break;
        case O_TRIALS:
            if (pb_cli_int(CMD, "--trials", g.arg, 100, 10000000, &trials) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SEED:
            if (pb_cli_int(CMD, "--seed", g.arg, 0, 2147483647, &seed) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_PLANT: {
            int k = -1;
            for (int i = 0; i < CR_PLANTS; i++)
                if (strcmp(g.arg, cr_plant_name((cr_plant)i)) == 0)
                    k = i;
            if (k < 0)
                return pb_cli_error(CMD, "--plant: unknown plant '%s'", g.arg);
            plant = (cr_plant)k;
            break;
        }
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    const char *what = pb_cli_opts_shift(&g);
    static const char *const actions[] = {"table", "chart", "intercept", "roll", "switches", "impact", "diff", "check",
                                         "report"};
    if (!what)
        return pb_cli_error(CMD, "what to do? table, chart, intercept, roll, switches, impact, diff, check, report "
                                 "(see 'paperbowl carriers --help')");
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    int a = -1;
    for (int i = 0; i < 9; i++)
        if (strcmp(what, actions[i]) == 0)
            a = i;
    if (a < 0)
        return pb_cli_error(CMD, "unknown action '%s' (table, chart, intercept, roll, switches, impact, diff, check, report)",
                            what);
    cr_rules base, r;
    if (pb_gcmd_load(CMD, &cr_rules_io, &base, com.file, &com.sets, 0) != 0 ||
        pb_gcmd_load(CMD, &cr_rules_io, &r, com.file, &com.sets, com.sets.n) != 0)
        return PB_EXIT_USAGE;
    switch (a) {
    case 0: return print_tables(&r, com.format, com.only, com.lang);
    case 1: {
        int x, y;
        if (need_pass(pass, &x, &y) != 0)
            return PB_EXIT_USAGE;
        char buf[2048];
        cr_chart(&r, x, y, buf, sizeof buf);
        printf("pass (%d,%d): 1 the passer, 2 the receiver, A..D the route's squares by zone (C2 = %s, C3 = %s)\n%s",
               x, y, r.value[1], r.value[2], buf);
        return PB_EXIT_OK;
    }
    case 2: return do_intercept(&r, pass, at);
    case 3: {
        int dv[2];
        size_t nd;
        if (!zone || strlen(zone) != 1 || zone[0] < 'A' || zone[0] > 'D')
            return pb_cli_error(CMD, "--zone: expected A, B, C or D");
        if (!dice || pb_cli_int_list(dice, 1, 6, dv, 2, &nd) != 0 || nd != 2)
            return pb_cli_error(CMD, "--dice: expected two faces, e.g. --dice 3,5");
        int d1 = dv[0], d2 = dv[1];
        cr_zone z = (cr_zone)(zone[0] - 'A');
        int hit = cr_zone_hits(z, d1, d2);
        printf("1. zone %c: the interception succeeds when %s\n2. the defense rolls %d and %d "
               "(parities %s, mod 3: %d and %d)\nresult: %s\n",
               zone[0], cr_zone_rule(z), d1, d2, d1 % 2 == d2 % 2 ? "match" : "differ", d1 % 3, d2 % 3,
               hit ? "intercepted: the down ends and the phase changes" : "not intercepted: the pass goes on");
        return PB_EXIT_OK;
    }
    case 4:
        printf("switches of Carriers!! (ruleset %s; doc/carriers.md); the first reading is the shipped default\n\n", r.name);
        printf("%-13s %-17s %-6s %-36s %s\n", "id", "value", "guess", "readings", "question");
        for (int i = 0; i < CR_NSWITCH; i++) {
            char alts[96];
            printf("%-13s %-17s %-6s %-36s %s%s\n", cr_switches[i].id, r.value[i], cr_switches[i].guess ? "yes" : "no",
                   pb_gsw_alts_list(cr_switches[i].alts, "|", alts, sizeof alts), cr_switches[i].question, cr_switches[i].moves_probability ? "" : " (no roll depends on it)");
        }
        return PB_EXIT_OK;
    case 5: return do_impact(&r);
    case 8: {
        int rc = pb_gcmd_page_check(CMD, out);
        if (rc != 0)
            return rc;
        size_t len = 0;
        char *page = cr_report_render(&r, com.lang, &len);
        return pb_gcmd_page_write(CMD, out, page, len);
    }
    case 7: {
        cr_mc_result res;
        cr_mc_check(&r, trials, (uint64_t)seed, 5.0, plant, &res);
        printf("Monte Carlo cross-check: %d frequencies, %d trials each, seed %d%s\n  %d beyond |z| > 5\n"
               "  largest |z|: %s\n%s\n",
               res.compared, trials, seed, plant ? " (a rule planted wrong in the simulator)" : "", res.failed,
               res.worst, res.failed ? "FAILED" : "ok");
        return res.failed ? PB_EXIT_FAIL : PB_EXIT_OK;
    }
    default: {
        if (com.sets.n == 0)
            return pb_cli_error(CMD, "diff: give the changes with --set ID=VALUE");
        pb_table_changes c;
        if (compare(&base, &r, &c) != 0)
            return pb_cli_error(CMD, "out of memory");
        if (c.n)
            printf("%zu table cells move (table, row, column: before -> after, in %%):\n", c.n);
        else
            printf("no table cell moves\n");
        print_changes(&c, true);
        size_t n = c.n;
        pb_table_changes_release(&c);
        return n ? PB_EXIT_FAIL : PB_EXIT_OK;
    }
    }
}
