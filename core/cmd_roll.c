/* core/cmd_roll.c: `paperbowl roll`: one play or kick with the dice given, step by step.
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

typedef enum { ACT_PLAY, ACT_KICKOFF, ACT_ONSIDE, ACT_PUNT, ACT_RETURN, ACT_FG, ACT_PAT, ACT_TWO_POINT } action;

static const char *situation_line(const pb_cli_play_opts *po, char *buf, size_t len)
{
    static const char *const nth[] = {"", "1st", "2nd", "3rd", "4th"};
    snprintf(buf, len, "%d yards to go, %s and %d, lead %d, timeouts %d,%d", po->sit.togo, nth[po->sit.down],
             po->sit.ytg, po->sit.lead, po->sit.timeouts_off, po->sit.timeouts_def);
    return buf;
}

int cmd_roll(int argc, char **argv)
{
    enum { O_OFFENSE = 1000, O_DEFENSE, O_CARD, O_DICE, O_JSON, O_KICKOFF, O_ONSIDE, O_FREE, O_PUNT, O_RETURN,
           O_FG, O_PAT, O_TWO, O_HELP, O_PLAY };
    static const struct option options[] = {
        {"offense", required_argument, NULL, O_OFFENSE}, {"defense", required_argument, NULL, O_DEFENSE},
        {"card", required_argument, NULL, O_CARD}, {"dice", required_argument, NULL, O_DICE},
        {"json", no_argument, NULL, O_JSON}, {"kickoff", no_argument, NULL, O_KICKOFF},
        {"onside", no_argument, NULL, O_ONSIDE}, {"free-kick", no_argument, NULL, O_FREE},
        {"punt", no_argument, NULL, O_PUNT}, {"return", no_argument, NULL, O_RETURN},
        {"fg", no_argument, NULL, O_FG}, {"pat", no_argument, NULL, O_PAT},
        {"two-point", no_argument, NULL, O_TWO}, {"help", no_argument, NULL, O_HELP},
        {"ruleset", required_argument, NULL, O_PLAY}, {"togo", required_argument, NULL, O_PLAY},
        {"down", required_argument, NULL, O_PLAY}, {"ytg", required_argument, NULL, O_PLAY},
        {"lead", required_argument, NULL, O_PLAY}, {"timeouts", required_argument, NULL, O_PLAY},
        {"policy", required_argument, NULL, O_PLAY}, {"switch", required_argument, NULL, O_PLAY},
        {NULL, 0, NULL, 0}};
    const char *cmd = "roll";
    pb_cli_play_opts po;
    pb_cli_play_opts_init(&po);
    pb_offense off = PB_OFF_RUN;
    int def = 0, card = 0, actions = 0;
    bool have_off = false, json = false, free_kick = false;
    const char *dice = NULL;
    action act = ACT_PLAY;
    int opt, index = 0;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":", options, &index)) != -1) {
        switch (opt) {
        case O_OFFENSE:
            if (pb_cli_offense(cmd, "--offense", optarg, &off) != 0)
                return PB_EXIT_USAGE;
            have_off = true;
            break;
        case O_DEFENSE:
            if (pb_cli_defense(cmd, "--defense", optarg, &def) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_CARD:
            if (pb_cli_card(cmd, "--card", optarg, false, &card) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DICE:
            dice = optarg;
            break;
        case O_JSON:
            json = true;
            break;
        case O_FREE:
            free_kick = true;
            break;
        case O_KICKOFF: case O_ONSIDE: case O_PUNT: case O_RETURN: case O_FG: case O_PAT: case O_TWO:
            act = opt == O_KICKOFF ? ACT_KICKOFF : opt == O_ONSIDE ? ACT_ONSIDE : opt == O_PUNT ? ACT_PUNT
                : opt == O_RETURN ? ACT_RETURN : opt == O_FG ? ACT_FG : opt == O_PAT ? ACT_PAT : ACT_TWO_POINT;
            actions++;
            break;
        case O_HELP:
            printf(usage, pb_cli_play_opts_help);
            return PB_EXIT_OK;
        case O_PLAY:
            if (pb_cli_play_option(cmd, options[index].name, optarg, &po) != 0)
                return PB_EXIT_USAGE;
            break;
        case ':':
            return pb_cli_error(cmd, "option '%s' needs a value", argv[optind - 1]);
        default:
            return pb_cli_error(cmd, "unknown option '%s' (see 'paperbowl roll --help')", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return pb_cli_error(cmd, "unexpected argument '%s'", argv[optind]);
    if (actions > 1)
        return pb_cli_error(cmd, "give one of --kickoff, --onside, --punt, --return, --fg, --pat, --two-point");
    if (free_kick && act != ACT_KICKOFF && act != ACT_ONSIDE)
        return pb_cli_error(cmd, "--free-kick goes with --kickoff or --onside");
    if (!dice)
        return pb_cli_error(cmd, "--dice is required (e.g. --dice 3-3,2-5)");
    if (act == ACT_PLAY || act == ACT_TWO_POINT) {
        if (!have_off)
            return pb_cli_error(cmd, "--offense is required (run, short, long)");
        if (!def)
            return pb_cli_error(cmd, "--defense is required (1..5)");
    } else if (have_off || def || card) {
        return pb_cli_error(cmd, "--offense, --defense and --card go with a play or --two-point, not a kick");
    }
    if (act == ACT_TWO_POINT && card)
        return pb_cli_error(cmd, "--card: a two-point try uses no play card");
    if ((act == ACT_PUNT || act == ACT_FG || act == ACT_RETURN) && !po.togo_given)
        return pb_cli_error(cmd, "--togo is required with --%s", act == ACT_PUNT ? "punt" : act == ACT_FG ? "fg" : "return");
    if (pb_cli_play_opts_finish(cmd, &po) != 0)
        return PB_EXIT_USAGE;
    if (act == ACT_FG && po.sit.togo > po.rules.fg_max_togo)
        return pb_cli_error(cmd, "--togo: a field goal from %d yards to go is not allowed (at most %d, 3.6)",
                            po.sit.togo, po.rules.fg_max_togo);

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
    switch (act) {
    case ACT_PLAY:
        snprintf(head, sizeof head, "%s vs Defense %d, card %s%s%s, %s", pb_offense_name(off), def,
                 card ? "" : "none", card ? po.rules.card[card - 1].name : "", "", situation_line(&po, sit, sizeof sit));
        if (card)
            snprintf(head, sizeof head, "%s vs Defense %d, card %02d %s, %s", pb_offense_name(off), def, card,
                     po.rules.card[card - 1].name, situation_line(&po, sit, sizeof sit));
        r = pb_play_resolve(&env, &po.sit, &call, &so.base);
        break;
    case ACT_TWO_POINT:
        snprintf(head, sizeof head, "two-point try: %s vs Defense %d", pb_offense_name(off), def);
        r = pb_two_point(&env, off, def, &so.base);
        break;
    case ACT_KICKOFF:
        snprintf(head, sizeof head, "%s from the own %d", free_kick ? "free kick" : "kickoff", from_own);
        r = pb_kickoff(&env, from_own, &so.base);
        break;
    case ACT_ONSIDE:
        snprintf(head, sizeof head, "onside %s from the own %d", free_kick ? "free kick" : "kick", from_own);
        r = pb_onside(&env, from_own, &so.base);
        break;
    case ACT_PUNT:
        snprintf(head, sizeof head, "punt from %d yards to go", po.sit.togo);
        r = pb_punt(&env, po.sit.togo, &so.base);
        break;
    case ACT_RETURN:
        snprintf(head, sizeof head, "return from %d yards to go", po.sit.togo);
        r = pb_return(&env, po.sit.togo, &so.base);
        break;
    case ACT_FG:
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
