/* cli/cmd_soccer.c: `paperbowl soccer ...`: Masume Soccer TACTICS, exactly (soccer/, doc/soccer.md).
 * table: the designer's tables; dist: one kick's outcomes over the six faces; roll: one kick,
 * charge or PK with the die given, ruled step by step; shootout: a whole shoot-out; switches,
 * impact, diff: the open questions M1..M14 and what each reading moves; check: the Monte Carlo
 * cross-check. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game_cmd.h"
#include "game_switch.h"
#include "outfile.h"
#include "exact.h"
#include "soccer_duel.h"
#include "soccer_kick.h"
#include "soccer_mc.h"
#include "soccer_report.h"
#include "soccer_rules.h"
#include "soccer_tables.h"
#include "table.h"

static const char usage[] =
    "usage: paperbowl soccer ACTION [OPTIONS]\n\n"
    "Masume Soccer TACTICS (Office Verymuch): every single action as an exact fraction (doc/soccer.md).\n\n"
    "actions:\n"
    "  table     the designer's tables: shot-grounder shot-keeper shot-lob pass-grounder pass-lob inside\n"
    "            charge pk shootout  [--format txt|md|csv|tex] [--only ID,...] [--lang en|ja]\n"
    "  dist      one kick's outcomes over the six faces: --kick TYPE --line SQUARES [--kicker K] [--inside-dist 1|2]\n"
    "  roll      one action with the die given, ruled step by step:\n"
    "              --kick TYPE --line SQUARES --die N [--kicker K]\n"
    "              --charge CHARGER --dice C,H      (the charger's die, then the holder's)\n"
    "              --pk --die N --guess G           (the kicker's die, the keeper's guess)\n"
    "  shootout  a whole shoot-out: [--p P] [--q Q] (each team's P(score); default: the PK rule)\n"
    "  switches  the open questions M1..M14 with their values and readings\n"
    "  impact    for every reading of every switch: how many table cells move, and the largest move\n"
    "  diff      the table cells that move from the ruleset to the ruleset with --set applied\n"
    "  check     Monte Carlo cross-check of the exact figures: [--trials N] [--seed S]\n"
    "  report    the tables and charts as one HTML page: --out FILE.html [--lang en|ja]\n\n"
    "A line is the squares from the kicker outward: . empty, T teammate, O opponent, K the opponent\n"
    "goalkeeper, G the goal (last), | the touch/end line (last); e.g. --line ...K.G\n\n"
    "  --rules FILE        a ruleset file (default: the embedded soccer/tactics.ini)\n"
    "  --set ID=VALUE      set a switch first (repeatable), e.g. --set M3=KKK112\n"
    "  --lang en|ja        the words of the tables and the report: English (default) or Japanese\n"
    "  --kick TYPE         grounder, lob or inside\n"
    "  --kicker K          field (default), gk-area (the keeper in his area, open play), goal-kick\n"
    "  --charge CHARGER    field, area-defender, area-other, keeper\n";

enum { O_KICK = PB_GCMD_O_NEXT, O_LINE, O_KICKER, O_INSIDE, O_DIE, O_CHARGE, O_DICE, O_PK,
       O_GUESS, O_P, O_Q, O_TRIALS, O_SEED, O_PLANT, O_OUT };

typedef struct {
    ms_rules r;
    pb_gcmd_common com;  /* --rules, --set, --format, --only, --lang */
    const char *line, *dice, *p, *q, *out;
    ms_kick kick;
    bool have_kick, have_line, pk, have_charge;
    int die, guess;
    ms_charger charger;
    long trials;
    unsigned long seed;
    ms_plant plant;
} soccer_opts;

#define CMD "soccer"

static int parse_fraction(const char *opt, const char *text, mpq_t out)
{
    size_t n = strspn(text, "0123456789/");
    const char *slash = strchr(text, '/');
    if (!*text || text[n] || text[0] == '/' || (slash && (strchr(slash + 1, '/') || !slash[1])) ||
        mpq_set_str(out, text, 10) != 0 || mpz_sgn(mpq_denref(out)) == 0) {
        pb_cli_error(CMD, "%s: '%s' is not a fraction like 2/3", opt, text);
        return -1;
    }
    mpq_canonicalize(out);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    int bad = mpq_cmp(out, one) > 0;
    mpq_clear(one);
    if (bad) {
        pb_cli_error(CMD, "%s: '%s' is not a probability (0..1)", opt, text);
        return -1;
    }
    return 0;
}

static int print_tables(const soccer_opts *o)
{
    pb_table_format f;
    bool want[MS_TABLES];
    if (pb_gcmd_table_opts(CMD, o->com.format, o->com.only, ms_table_ids, MS_TABLES, &f, want) != 0)
        return PB_EXIT_USAGE;
    ms_table_list l;
    ms_tables_build(&l, &o->r, o->com.lang);
    int rc = pb_gcmd_write_tables(l.t, l.n, want, f);
    ms_tables_release(&l);
    return rc;
}

static int need_kick(const soccer_opts *o, char *err, size_t len)
{
    if (!o->have_kick) {
        snprintf(err, len, "--kick is required (grounder, lob, inside)");
        return -1;
    }
    if (!o->have_line) {
        snprintf(err, len, "--line is required (e.g. --line ..T)");
        return -1;
    }
    return ms_line_check(o->kick.line, err, len);
}

static int do_dist(soccer_opts *o)
{
    char err[200];
    if (need_kick(o, err, sizeof err) != 0)
        return pb_cli_error(CMD, "%s", err);
    ms_dist d;
    ms_kick_dist(&o->r, &o->kick, &d);
    printf("%s kick along %s%s\n", o->kick.type == MS_LOB ? "lob" : o->kick.type == MS_GROUNDER ? "grounder" : "inside",
           o->kick.line, o->kick.kicker == MS_KICKER_GOAL_KICK ? " (goal kick, +2)" : o->kick.kicker == MS_KICKER_GK_AREA ? " (keeper in his area)" : "");
    for (int i = 0; i < d.n; i++) {
        char f[64], pc[64], faces[32] = "", text[160];
        pb_exact_fraction(f, sizeof f, d.p[i]);
        pb_exact_percent(pc, sizeof pc, d.p[i], 2);
        for (int j = 0; d.faces[i][j]; j++)
            snprintf(faces + strlen(faces), sizeof faces - strlen(faces), "%s%d", j ? "," : "", d.faces[i][j]);
        ms_outcome_text(&d.o[i], text, sizeof text);
        if (o->kick.type == MS_INSIDE)
            printf("  %-6s %8s  %-9s %s\n", "", f, pc, text);
        else
            printf("  faces %-6s %5s  %-8s %s\n", faces, f, pc, text);
    }
    ms_dist_clear(&d);
    return PB_EXIT_OK;
}

static int do_roll(soccer_opts *o)
{
    char steps[2048];
    if (o->have_charge) {
        int v[2];
        size_t n;
        if (!o->dice || pb_cli_int_list(o->dice, 1, 6, v, 2, &n) != 0 || n != 2)
            return pb_cli_error(CMD, "--dice: expected the charger's and the holder's faces, e.g. --dice 3,4");
        int a = v[0], b = v[1];
        bool win = ms_charge_roll(&o->r, o->charger, a, b, steps, sizeof steps);
        printf("charge\n%sresult: %s\n", steps, win ? "the charger wins the ball" : "the holder keeps the ball");
        return PB_EXIT_OK;
    }
    bool inside = o->have_kick && o->kick.type == MS_INSIDE;  /* no die */
    if (o->die < 1 && !inside)
        return pb_cli_error(CMD, "--die is required (1..6)");
    if (o->pk) {
        if (o->guess < 1)
            return pb_cli_error(CMD, "--guess is required (the keeper's guess, 1..6)");
        bool goal = ms_pk_roll(&o->r, o->die, o->guess, steps, sizeof steps);
        printf("penalty kick\n%sresult: %s\n", steps, goal ? "goal" : "no goal");
        return PB_EXIT_OK;
    }
    char err[200];
    if (need_kick(o, err, sizeof err) != 0)
        return pb_cli_error(CMD, "%s", err);
    ms_outcome out;
    ms_kick_resolve(&o->r, &o->kick, o->die, &out, steps, sizeof steps);
    char text[160];
    ms_outcome_text(&out, text, sizeof text);
    printf("kick along %s\n%sresult: %s\n", o->kick.line, steps, text);
    return PB_EXIT_OK;
}

static int do_shootout(soccer_opts *o)
{
    mpq_t p, q;
    mpq_inits(p, q, NULL);
    ms_pk_p(p, &o->r);
    mpq_set(q, p);
    int rc = PB_EXIT_OK;
    if ((o->p && parse_fraction("--p", o->p, p) != 0) || (o->q && parse_fraction("--q", o->q, q) != 0)) {
        rc = PB_EXIT_USAGE;
    } else {
        if (!o->q && o->p)
            mpq_set(q, p);
        ms_shootout s;
        ms_shootout_init(&s);
        ms_shootout_solve(&s, &o->r, p, q);
        char a[64], b[64];
        pb_exact_fraction(a, sizeof a, p);
        pb_exact_fraction(b, sizeof b, q);
        printf("shoot-out: %d kicks each, then %s (M10 = %s); P(score) first team %s, second team %s\n",
               o->r.shootout_kicks, o->r.sudden_death ? "sudden death" : "a draw", o->r.value[9], a, b);
        const struct { const char *name; mpq_srcptr v; } rows[] = {
            {"first team wins", s.first_wins}, {"second team wins", s.second_wins},
            {"level after the regular kicks", s.regular_tied}, {"no winner", s.tied}};
        for (size_t i = 0; i < 4; i++) {
            char f[128], pc[64];
            pb_exact_fraction(f, sizeof f, rows[i].v);
            pb_exact_percent(pc, sizeof pc, rows[i].v, 2);
            printf("  %-30s %9s  %s\n", rows[i].name, pc, f);
        }
        if (s.endless) {
            printf("  %-30s %9s\n", "expected kicks", "endless (sudden death never decides)");
        } else {
            char f[128], dec[64];
            pb_exact_fraction(f, sizeof f, s.kicks);
            pb_exact_decimal(dec, sizeof dec, s.kicks, 4);
            printf("  %-30s %9s  %s\n", "expected kicks", dec, f);
        }
        ms_shootout_clear(&s);
    }
    mpq_clears(p, q, NULL);
    return rc;
}

static void print_switches(const ms_rules *r)
{
    printf("switches of Masume Soccer TACTICS (ruleset %s; doc/soccer.md); the first reading is the shipped default\n\n", r->name);
    printf("%-13s %-13s %-6s %-30s %s\n", "id", "value", "guess", "readings", "question");
    for (int i = 0; i < MS_NSWITCH; i++) {
        const ms_switch *s = &ms_switches[i];
        char alts[96];
        printf("%-13s %-13s %-6s %-30s %s%s\n", s->id, r->value[i], s->guess ? "yes" : "no",
               pb_gsw_alts_list(s->alts, "|", alts, sizeof alts), s->question,
               s->single_action ? "" : " (no single-action figure)");
    }
}

static void print_changes(const ms_changes *c, bool all)
{
    for (size_t i = 0; i < c->n; i++) {
        if (!all && i != c->largest)
            continue;
        const ms_cell_change *x = &c->c[i];
        printf("  %-13s %-34s %-24s %8s -> %-8s\n", x->table, x->row, x->col, x->before, x->after);
    }
}

static int do_diff(const soccer_opts *o, const ms_rules *base)
{
    ms_table_list a, b;
    ms_changes c;
    ms_tables_build(&a, base, PB_LANG_EN);
    ms_tables_build(&b, &o->r, PB_LANG_EN);
    int rc = ms_tables_compare(&a, &b, &c);
    ms_tables_release(&a);
    ms_tables_release(&b);
    if (rc != 0)
        return pb_cli_error(CMD, "out of memory");
    if (c.n == 0) {
        printf("no table cell moves\n");
    } else {
        printf("%zu table cells move (table, row, column: before -> after, in %%):\n", c.n);
        print_changes(&c, true);
    }
    size_t n = c.n;
    ms_changes_release(&c);
    return n ? PB_EXIT_FAIL : PB_EXIT_OK;
}

static int do_impact(const ms_rules *base)
{
    ms_table_list a;
    ms_tables_build(&a, base, PB_LANG_EN);
    printf("switch impact: every other reading of each switch against ruleset %s, cells of all tables (in %%)\n\n", base->name);
    for (int i = 0; i < MS_NSWITCH; i++) {
        const ms_switch *s = &ms_switches[i];
        for (int j = 0; s->alts[j]; j++) {
            if (strcmp(s->alts[j], base->value[i]) == 0)
                continue;
            ms_rules r = *base;
            char err[200];
            if (ms_rules_set(&r, s->id, s->alts[j], err, sizeof err) != 0)
                continue;
            ms_table_list b;
            ms_changes c;
            ms_tables_build(&b, &r, PB_LANG_EN);
            int rc = ms_tables_compare(&a, &b, &c);
            ms_tables_release(&b);
            if (rc != 0) {
                ms_tables_release(&a);
                return pb_cli_error(CMD, "out of memory");
            }
            printf("%s=%s: %zu cell%s move%s\n", s->id, s->alts[j], c.n, c.n == 1 ? "" : "s", c.n == 1 ? "s" : "");
            if (c.n)
                print_changes(&c, false);
            ms_changes_release(&c);
        }
    }
    ms_tables_release(&a);
    return PB_EXIT_OK;
}

static int do_check(const soccer_opts *o)
{
    ms_mc_opts mo = {o->trials, o->seed, 5.0, o->plant};
    ms_mc_result res;
    ms_mc_check(&o->r, &mo, &res);
    printf("Monte Carlo cross-check: %d cases, %ld trials each, seed %lu%s\n", res.cases, o->trials, o->seed,
           o->plant ? " (a rule planted wrong in the simulator)" : "");
    printf("  %d frequencies against the exact probabilities, %d beyond |z| > 5\n", res.compared, res.failed);
    printf("  largest |z|: %s\n", res.worst);
    printf("%s\n", res.failed ? "FAILED" : "ok");
    return res.failed ? PB_EXIT_FAIL : PB_EXIT_OK;
}

static int pick_kick(const char *v, ms_kick_type *t)
{
    if (strcmp(v, "grounder") == 0) *t = MS_GROUNDER;
    else if (strcmp(v, "lob") == 0) *t = MS_LOB;
    else if (strcmp(v, "inside") == 0) *t = MS_INSIDE;
    else return -1;
    return 0;
}

int cmd_soccer(int argc, char **argv)
{
    static const struct option options[] = {
        PB_GCMD_OPTIONS,
        {"kick", required_argument, NULL, O_KICK},     {"line", required_argument, NULL, O_LINE},
        {"kicker", required_argument, NULL, O_KICKER}, {"inside-dist", required_argument, NULL, O_INSIDE},
        {"die", required_argument, NULL, O_DIE},       {"charge", required_argument, NULL, O_CHARGE},
        {"dice", required_argument, NULL, O_DICE},     {"pk", no_argument, NULL, O_PK},
        {"guess", required_argument, NULL, O_GUESS},   {"p", required_argument, NULL, O_P},
        {"q", required_argument, NULL, O_Q},           {"trials", required_argument, NULL, O_TRIALS},
        {"seed", required_argument, NULL, O_SEED},     {"plant", required_argument, NULL, O_PLANT},
        {"out", required_argument, NULL, O_OUT},
        PB_CLI_HELP_OPTION,                            {NULL, 0, NULL, 0}};
    soccer_opts o;
    memset(&o, 0, sizeof o);
    o.kick.inside_dist = 1;
    o.trials = 20000;
    o.seed = 1;
    int opt, v;
    pb_cli_opts g;
    pb_cli_opts_init(&g, CMD, usage, argc, argv, options);
    g.shorts = ":h";
    while ((opt = pb_gcmd_next(&g, &o.com)) > 0) {
        switch (opt) {
        case O_KICK:
            if (pick_kick(g.arg, &o.kick.type) != 0)
                return pb_cli_error(CMD, "--kick: unknown kick '%s' (grounder, lob, inside)", g.arg);
            o.have_kick = true;
            break;
        case O_LINE:
            if (strlen(g.arg) > MS_LINE_MAX)
                return pb_cli_error(CMD, "--line: longer than %d squares", MS_LINE_MAX);
            snprintf(o.kick.line, sizeof o.kick.line, "%s", g.arg);
            o.have_line = true;
            break;
        case O_KICKER:
            if (strcmp(g.arg, "field") == 0) o.kick.kicker = MS_KICKER_FIELD;
            else if (strcmp(g.arg, "gk-area") == 0) o.kick.kicker = MS_KICKER_GK_AREA;
            else if (strcmp(g.arg, "goal-kick") == 0) o.kick.kicker = MS_KICKER_GOAL_KICK;
            else return pb_cli_error(CMD, "--kicker: unknown kicker '%s' (field, gk-area, goal-kick)", g.arg);
            break;
        case O_INSIDE:
            if (pb_cli_int(CMD, "--inside-dist", g.arg, 1, 2, &v) != 0)
                return PB_EXIT_USAGE;
            o.kick.inside_dist = v;
            break;
        case O_DIE:
            if (pb_cli_int(CMD, "--die", g.arg, 1, 6, &o.die) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_GUESS:
            if (pb_cli_int(CMD, "--guess", g.arg, 1, 6, &o.guess) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_CHARGE: {
            static const char *const names[] = {"field", "area-defender", "area-other", "keeper"};
            int k = -1;
            for (int i = 0; i < MS_CHARGERS; i++)
                if (strcmp(g.arg, names[i]) == 0)
                    k = i;
            if (k < 0)
                return pb_cli_error(CMD, "--charge: unknown charger '%s' (field, area-defender, area-other, keeper)", g.arg);
            o.charger = (ms_charger)k;
            o.have_charge = true;
            break;
        }
        case O_DICE: o.dice = g.arg; break;
        case O_PK: o.pk = true; break;
        case O_P: o.p = g.arg; break;
        case O_Q: o.q = g.arg; break;
        case O_TRIALS:
            if (pb_cli_int(CMD, "--trials", g.arg, 100, 10000000, &v) != 0)
                return PB_EXIT_USAGE;
            o.trials = v;
            break;
        case O_SEED:
            if (pb_cli_int(CMD, "--seed", g.arg, 0, 2147483647, &v) != 0)
                return PB_EXIT_USAGE;
            o.seed = (unsigned long)v;
            break;
        case O_OUT: o.out = g.arg; break;
        case O_PLANT:
            if (ms_plant_parse(g.arg, &o.plant) != 0)
                return pb_cli_error(CMD, "--plant: unknown plant '%s'", g.arg);
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    const char *what = pb_cli_opts_shift(&g);
    if (!what)
        return pb_cli_error(CMD, "what to do? table, dist, roll, shootout, switches, impact, diff, check, report "
                                 "(see 'paperbowl soccer --help')");
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    static const char *const actions[] = {"table", "dist", "roll", "shootout", "switches", "impact", "diff", "check",
                                         "report"};
    int a = -1;
    for (int i = 0; i < 9; i++)
        if (strcmp(what, actions[i]) == 0)
            a = i;
    if (a < 0)
        return pb_cli_error(CMD, "unknown action '%s' (table, dist, roll, shootout, switches, impact, diff, check, report)",
                            what);
    /* diff compares the ruleset without and with the --set changes */
    ms_rules base;
    if (pb_gcmd_load(CMD, &ms_rules_io, &base, o.com.file, &o.com.sets, 0) != 0 ||
        pb_gcmd_load(CMD, &ms_rules_io, &o.r, o.com.file, &o.com.sets, o.com.sets.n) != 0)
        return PB_EXIT_USAGE;
    switch (a) {
    case 0: return print_tables(&o);
    case 1: return do_dist(&o);
    case 2: return do_roll(&o);
    case 3: return do_shootout(&o);
    case 4: print_switches(&o.r); return PB_EXIT_OK;
    case 5: return do_impact(&o.r);
    case 6:
        if (o.com.sets.n == 0)
            return pb_cli_error(CMD, "diff: give the changes with --set ID=VALUE");
        return do_diff(&o, &base);
    case 7: return do_check(&o);
    default: {
        int rc = pb_gcmd_page_check(CMD, o.out);
        if (rc != 0)
            return rc;
        size_t len = 0;
        char *page = ms_report_render(&o.r, o.com.lang, &len);
        return pb_gcmd_page_write(CMD, o.out, page, len);
    }
    }
}
