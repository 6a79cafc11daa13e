/* cli/cmd_roll.c: `paperbowl roll`: one play or kick with the dice given, step by step.
 * How a designer settles a ruling at the table. */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "oracle_script.h"
#include "trace.h"

/* The exact evaluator for "best" policies, when the enumerator is linked in. */
extern const pb_evaluator *pb_enum_evaluator(void) __attribute__((weak));

static const char usage[] =
    "usage: paperbowl roll --offense run|short|long --defense 1..5 [--card 01..24|none] --dice ROLLS [OPTIONS]\n"
    "       paperbowl roll --kickoff|--onside|--punt|--fg|--pat|--return|--two-point --dice ROLLS [OPTIONS]\n\n"
    "Resolves one play with the dice given and prints the ruling step by step.\n"
    "ROLLS are written in the order the play asks for them: the first roll, then any doubles\n"
    "re-rolls, a challenge roll, a return roll ... e.g. --dice 3-3,2-5. A one-die roll is one number.\n\n"
    "  --offense CARD       run, short, long\n"
    "  --defense N          Defense 1..5\n"
    "  --card N             play card 01..24, or none (default none)\n"
    "  --dice ROLLS         the dice, in order\n"
    "  --kickoff            a kickoff (from the own 30; with --free-kick from the own 20)\n"
    "  --onside             an onside kick (one die)\n"
    "  --free-kick          the kick after a safety, from the own 20 (with --kickoff or --onside)\n"
    "  --punt               a punt from --togo\n"
    "  --return             a return from --togo (the receiving team's yards to go where the ball stopped)\n"
    "  --fg                 a field goal from --togo\n"
    "  --pat                a PAT kick\n"
    "  --two-point          a two-point try (--offense, --defense; no play card)\n"
    "  --json               print the outcome as canonical JSON only\n"
    "%s";

static const char *situation_line(const pb_cli_play_opts *po, char *buf, size_t len)
{
    static const char *const nth[] = {"", "1st", "2nd", "3rd", "4th"};
    snprintf(buf, len, "%d yards to go, %s and %d, lead %d, timeouts %d,%d", po->sit.togo, nth[po->sit.down],
             po->sit.ytg, po->sit.lead, po->sit.timeouts_off, po->sit.timeouts_def);
    return buf;
}

int cmd_roll(int argc, char **argv)
{
    enum { O_DICE = 1000, O_JSON, O_PLAY, O_ACTION };
    static const struct option options[] = {
        {"dice", required_argument, NULL, O_DICE}, {"json", no_argument, NULL, O_JSON},
        PB_CLI_HELP_OPTION, PB_CLI_ACTION_OPTIONS(O_ACTION), PB_CLI_PLAY_OPTIONS(O_PLAY),
        {NULL, 0, NULL, 0}};
    const char *cmd = "roll";
    pb_cli_play_opts po;
    pb_cli_play_opts_init(&po);
    pb_cli_action a;
    pb_cli_action_init(&a);
    bool json = false;
    const char *dice = NULL;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.usage_arg = pb_cli_play_opts_help;
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_DICE:
            dice = g.arg;
            break;
        case O_JSON:
            json = true;
            break;
        case O_ACTION:
            if (pb_cli_action_option(cmd, g.name, g.arg, false, &a) != 0)
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
    if (!dice)
        return pb_cli_error(cmd, "--dice is required (e.g. --dice 3-3,2-5)");
    if (pb_cli_action_finish(cmd, &a, &po) != 0)
        return PB_EXIT_USAGE;
    pb_offense off = a.offense;
    int def = a.defense, card = a.card;
    bool free_kick = a.free_kick;

    pb_trace trace;
    pb_trace_init(&trace);
    pb_script_oracle so;
    char err[256];
    if (pb_script_oracle_init(&so, dice, &trace, err, sizeof err) != 0) {
        pb_trace_release(&trace);
        return pb_cli_error(cmd, "--dice: %s", err);
    }
    pb_play_env env = {&po.rules, po.policies, pb_enum_evaluator ? pb_enum_evaluator() : NULL, &trace};
    pb_call call = {off, def, card, PB_TIMEOUT_POLICY};
    pb_result r;
    char head[256], sit[160];
    int from_own = free_kick ? po.rules.free_kick_from : po.rules.kickoff_from;
    switch (a.kind) {
    case PB_CLI_PLAY:
        if (card)
            snprintf(head, sizeof head, "%s vs Defense %d, card %02d %s, %s", pb_offense_name(off), def, card,
                     po.rules.card[card - 1].name, situation_line(&po, sit, sizeof sit));
        else
            snprintf(head, sizeof head, "%s vs Defense %d, card none, %s", pb_offense_name(off), def,
                     situation_line(&po, sit, sizeof sit));
        r = pb_play_resolve(&env, &po.sit, &call, &so.base);
        break;
    case PB_CLI_TWO_POINT:
        snprintf(head, sizeof head, "two-point try: %s vs Defense %d", pb_offense_name(off), def);
        r = pb_two_point(&env, off, def, &so.base);
        break;
    case PB_CLI_KICKOFF:
        snprintf(head, sizeof head, "%s from the own %d", free_kick ? "free kick" : "kickoff", from_own);
        r = pb_kickoff(&env, from_own, &so.base);
        break;
    case PB_CLI_ONSIDE:
        snprintf(head, sizeof head, "onside %s from the own %d", free_kick ? "free kick" : "kick", from_own);
        r = pb_onside(&env, from_own, &so.base);
        break;
    case PB_CLI_PUNT:
        snprintf(head, sizeof head, "punt from %d yards to go", po.sit.togo);
        r = pb_punt(&env, po.sit.togo, &so.base);
        break;
    case PB_CLI_RETURN:
        snprintf(head, sizeof head, "return from %d yards to go", po.sit.togo);
        r = pb_return(&env, po.sit.togo, &so.base);
        break;
    case PB_CLI_FG:
        snprintf(head, sizeof head, "field goal from %d yards to go", po.sit.togo);
        r = pb_field_goal(&env, po.sit.togo, &so.base);
        break;
    default:
        snprintf(head, sizeof head, "PAT kick");
        r = pb_pat_kick(&env, &so.base);
        break;
    }
    if (so.error[0]) {
        pb_trace_release(&trace);
        return pb_cli_error(cmd, "--dice: %s", so.error);
    }
    if (trace.failed) {
        pb_trace_release(&trace);
        return pb_cli_error(cmd, "out of memory");
    }
    char text[128];
    if (json) {
        pb_result_json(&r, text, sizeof text);
        printf("%s\n", text);
    } else {
        pb_result_text(&r, text, sizeof text);
        printf("%s (%s)\n%s", head, po.rules.name, trace.text ? trace.text : "");
        printf("outcome: %s\n", text);
        if (r.flags & PB_FLAG_FIRST_DOWN)
            printf("first down\n");
        if (r.timeouts_off_used || r.timeouts_def_used)
            printf("timeouts used: offense %d, defense %d\n", r.timeouts_off_used, r.timeouts_def_used);
    }
    if (pb_script_oracle_unused(&so) > 0)
        fprintf(stderr, "paperbowl roll: note: %d roll(s) given were not needed\n", pb_script_oracle_unused(&so));
    pb_trace_release(&trace);
    return PB_EXIT_OK;
}
