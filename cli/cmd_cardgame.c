/* cli/cmd_cardgame.c: `paperbowl cardgame ...`: the football card-game draft's deal, exactly, and
 * its rule-logic findings (cardgame/, doc/cardgame.md). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cardgame_deal.h"
#include "cardgame_rules.h"
#include "cardgame_sim.h"
#include "cardgame_report.h"
#include "cardgame_tables.h"
#include "cli.h"
#include "game_cmd.h"
#include "game_switch.h"
#include "table.h"

#define CMD "cardgame"

static const char usage[] =
    "usage: paperbowl cardgame ACTION [OPTIONS]\n\n"
    "The football card-game draft 「アメフトしようぜ!」 (Amefuto shiyou ze!, let's play American\n"
    "football): no dice, the deal is the only chance (doc/cardgame.md).\n\n"
    "actions:\n"
    "  table      the tables: suit-count deal shared follow sketch kick\n"
    "             [--format txt|md|csv|tex] [--only ID,...] [--lang en|ja]\n"
    "  findings   the rule-logic findings (T4: a kick condition that can never hold under one reading)\n"
    "  switches   the open questions T1..T12 with their values and readings\n"
    "  sim        simulated games, per switch setting: points, ties, scores\n"
    "             [--games N] [--seed S] [--strategy random|greedy|A/B] [--skills text|first|none|N,N,...]\n"
    "             --strategy: every choice at random among the legal ones (default) or greedy (the best\n"
    "             for the trick as it stands); A/B: the first offense team's, then the first defense's\n"
    "             --skills: the skills played: text = every skill whose text survives (1 3 4 6 7 8 10 11,\n"
    "             default), first = 3 and 10 only (the first simulator), or a list (doc/cardgame.md)\n"
    "  report     the tables and charts as one HTML page: --out FILE.html [--lang en|ja]\n\n"
    "  --rules FILE     a ruleset file (default: the embedded cardgame/cardgame.ini)\n"
    "  --set ID=VALUE   set a switch first (repeatable), e.g. --set T4=before\n"
    "  --lang en|ja     the words of the tables and the report: English (default) or Japanese\n";

enum { O_GAMES = PB_GCMD_O_NEXT, O_SEED, O_STRATEGY, O_SKILLS, O_OUT };

int cmd_cardgame(int argc, char **argv)
{
    static const struct option options[] = {PB_GCMD_OPTIONS,
                                             {"games", required_argument, NULL, O_GAMES},
                                             {"seed", required_argument, NULL, O_SEED},
                                             {"strategy", required_argument, NULL, O_STRATEGY},
                                             {"skills", required_argument, NULL, O_SKILLS},
                                             {"out", required_argument, NULL, O_OUT},
                                             PB_CLI_HELP_OPTION,
                                             {NULL, 0, NULL, 0}};
    pb_gcmd_common com = {.file = NULL};
    int opt, games = 20000, seed = 1;
    const char *out = NULL;
    cg_sim_opts so;
    cg_sim_opts_default(&so);
    char serr[160];
    pb_cli_opts g;
    pb_cli_opts_init(&g, CMD, usage, argc, argv, options);
    g.shorts = ":h";
    while ((opt = pb_gcmd_next(&g, &com)) > 0) {
        switch (opt) {
        case O_GAMES:
            if (pb_cli_int(CMD, "--games", g.arg, 1, 10000000, &games) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SEED:
            if (pb_cli_int(CMD, "--seed", g.arg, 0, 2147483647, &seed) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_STRATEGY:
            if (cg_sim_parse_strategy(g.arg, so.strategy, serr, sizeof serr) != 0)
                return pb_cli_error(CMD, "--strategy: %s", serr);
            break;
        case O_OUT: out = g.arg; break;
        case O_SKILLS:
            if (cg_sim_parse_skills(g.arg, &so.skills, serr, sizeof serr) != 0)
                return pb_cli_error(CMD, "--skills: %s", serr);
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    const char *what = pb_cli_opts_shift(&g);
    if (!what)
        return pb_cli_error(CMD, "what to do? table, findings, switches, sim, report (see 'paperbowl cardgame --help')");
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (strcmp(what, "table") != 0 && strcmp(what, "findings") != 0 && strcmp(what, "switches") != 0 &&
        strcmp(what, "sim") != 0 && strcmp(what, "report") != 0)
        return pb_cli_error(CMD, "unknown action '%s' (table, findings, switches, sim, report)", what);
    cg_rules r;
    char err[320];
    if (pb_gcmd_load(CMD, &cg_rules_io, &r, com.file, &com.sets, com.sets.n) != 0)
        return PB_EXIT_USAGE;
    if (strcmp(what, "report") == 0) {
        int rc = pb_gcmd_page_check(CMD, out);
        if (rc != 0)
            return rc;
        size_t len = 0;
        char *page = cg_report_render(&r, com.lang, &len);
        return pb_gcmd_page_write(CMD, out, page, len);
    }
    if (strcmp(what, "switches") == 0) {
        printf("switches of the card-game draft (ruleset %s; doc/cardgame.md); the first reading is the default\n\n", r.name);
        printf("%-5s %-12s %-6s %-28s %s\n", "id", "value", "guess", "readings", "question");
        for (int i = 0; i < CG_NSWITCH; i++) {
            char alts[64];
            printf("%-5s %-12s %-6s %-28s %s\n", cg_switches[i].id, r.value[i], cg_switches[i].guess ? "yes" : "no",
                   pb_gsw_alts_list(cg_switches[i].alts, "|", alts, sizeof alts), cg_switches[i].question);
        }
        return PB_EXIT_OK;
    }
    if (strcmp(what, "sim") == 0) {
        if (cg_sim_check(&r, err, sizeof err) != 0)
            return pb_cli_error(CMD, "--rules: %s", err);
        char sk[64] = "";
        for (int k = 1; k <= 11; k++)
            if (so.skills >> k & 1u)
                snprintf(sk + strlen(sk), sizeof sk - strlen(sk), "%s%d", *sk ? " " : "", k);
        static const char *const sname[] = {"random", "greedy"};
        printf("%d games per setting, seed %d, legal play: first offense %s, first defense %s; skills played: %s; "
               "points per game: first offense / first defense\n\n",
               games, seed, sname[so.strategy[0]], sname[so.strategy[1]], *sk ? sk : "none");
        printf("%-22s %8s %8s %7s %7s %6s %6s %6s %7s %6s\n", "setting", "pts off", "pts def", "tie %", "off win%",
               "TDs", "kicks", "tried", "onside", "void");
        static const int flip[] = {-1, 0, 1, 2, 3, 4, 5, 8, 9, 11};
        cg_sim_result base;
        memset(&base, 0, sizeof base);
        for (size_t f = 0; f < sizeof flip / sizeof flip[0]; f++) {
            const cg_switch *sw = flip[f] >= 0 ? &cg_switches[flip[f]] : NULL;
            for (int j = 0; sw ? sw->alts[j] != NULL : j < 1; j++) {
                cg_rules x = r;
                char label[32] = "ruleset as set";
                if (sw) {
                    if (strcmp(sw->alts[j], r.value[flip[f]]) == 0)
                        continue;
                    cg_rules_set(&x, sw->id, sw->alts[j], err, sizeof err);
                    snprintf(label, sizeof label, "%s=%s", sw->id, sw->alts[j]);
                }
                cg_sim_result res;
                cg_sim_run(&x, &so, games, (uint64_t)seed, &res);
                if (!sw)
                    base = res;
                printf("%-22s %8.3f %8.3f %7.2f %7.2f %6.3f %6.3f %6.3f %7.3f %6.3f\n", label, res.points[0],
                       res.points[1], 100 * res.tie_rate, 100 * res.first_offense_wins, res.touchdowns,
                       res.kicks_scored, res.kicks_tried, res.onside, res.void_tricks);
            }
        }
        printf("\nskills that acted, per game (ruleset as set):");
        for (int k = 1; k <= 11; k++)
            if (so.skills >> k & 1u)
                printf(" %d: %.3f", k, base.skills_fired[k]);
        printf("\n(void: tricks nobody took, after skill 4 or 6 took every followed card away)\n");
        return PB_EXIT_OK;
    }
    if (strcmp(what, "findings") == 0) {
        long n, s;
        cg_rules before = r;
        before.kick_before = true;
        cg_kick_findings(&before, &n, &s);
        printf("T4 (the kick's remaining distance 「マーカーの置かれた数字−これまでの数字合計」):\n"
               "  before the last trick: %ld of %ld series that reach the kick score it%s\n", s, n,
               s == 0 ? " -- the condition can never hold: x3 >= M - S2 means S2 + x3 >= M, a touchdown already" : "");
        cg_rules after = r;
        after.kick_before = false;
        cg_kick_findings(&after, &n, &s);
        printf("  after the last trick:  %ld of %ld score it (T5 = %s)\n", s, n, r.value[4]);
        printf("onside kicks: a kicker holding only cards <= %d must kick onside (table deal); "
               "the kick-off and onside cards drain the defense's hands first (T6)\n", r.deck[CG_ONSIDE_MAX]);
        return PB_EXIT_OK;
    }
    pb_table_format f;
    bool want[CG_TABLES];
    if (pb_gcmd_table_opts(CMD, com.format, com.only, cg_table_ids, CG_TABLES, &f, want) != 0)
        return PB_EXIT_USAGE;
    cg_table_list l;
    cg_tables_build(&l, &r, com.lang);
    int rc = pb_gcmd_write_tables(l.t, l.n, want, f);
    cg_tables_release(&l);
    return rc;
}
