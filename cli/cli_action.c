/* cli/cli_action.c: the play-or-kick flags shared by `paperbowl roll` and `paperbowl dist`
 * (see cli.h). */
#include <string.h>

#include "cli.h"

void pb_cli_action_init(pb_cli_action *a)
{
    memset(a, 0, sizeof *a);
    a->kind = PB_CLI_PLAY;
    a->offense = PB_OFF_RUN;
}

int pb_cli_action_option(const char *cmd, const char *option, const char *arg, bool allow_deck, pb_cli_action *a)
{
    static const struct { const char *name; pb_cli_action_kind kind; } kinds[] = {
        {"kickoff", PB_CLI_KICKOFF}, {"onside", PB_CLI_ONSIDE}, {"punt", PB_CLI_PUNT}, {"return", PB_CLI_RETURN},
        {"fg", PB_CLI_FG}, {"pat", PB_CLI_PAT}, {"two-point", PB_CLI_TWO_POINT}};
    if (strcmp(option, "offense") == 0) {
        a->have_offense = true;
        return pb_cli_offense(cmd, "--offense", arg, &a->offense);
    }
    if (strcmp(option, "defense") == 0)
        return pb_cli_defense(cmd, "--defense", arg, &a->defense);
    if (strcmp(option, "card") == 0) {
        a->have_card = true;
        return pb_cli_card(cmd, "--card", arg, allow_deck, &a->card);
    }
    if (strcmp(option, "free-kick") == 0) {
        a->free_kick = true;
        return 0;
    }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(option, kinds[i].name) == 0) {
            a->kind = kinds[i].kind;
            a->kinds_given++;
            return 0;
        }
    pb_cli_error(cmd, "internal: option '--%s' is not an action option", option);
    return -1;
}

int pb_cli_action_finish(const char *cmd, const pb_cli_action *a, pb_cli_play_opts *po)
{
    pb_cli_action_kind k = a->kind;
    const char *err = NULL;
    if (a->kinds_given > 1)
        err = "give one of --kickoff, --onside, --punt, --return, --fg, --pat, --two-point";
    else if (a->free_kick && k != PB_CLI_KICKOFF && k != PB_CLI_ONSIDE)
        err = "--free-kick goes with --kickoff or --onside";
    else if ((k == PB_CLI_PLAY || k == PB_CLI_TWO_POINT) && !a->have_offense)
        err = "--offense is required (run, short, long)";
    else if ((k == PB_CLI_PLAY || k == PB_CLI_TWO_POINT) && !a->defense)
        err = "--defense is required (1..5)";
    else if (k != PB_CLI_PLAY && k != PB_CLI_TWO_POINT && (a->have_offense || a->defense || a->have_card))
        err = "--offense, --defense and --card go with a play or --two-point, not a kick";
    else if (k == PB_CLI_TWO_POINT && a->have_card)
        err = "--card: a two-point try uses no play card";
    if (err) {
        pb_cli_error(cmd, "%s", err);
        return -1;
    }
    if ((k == PB_CLI_PUNT || k == PB_CLI_FG || k == PB_CLI_RETURN) && !po->togo_given) {
        pb_cli_error(cmd, "--togo is required with --%s", k == PB_CLI_PUNT ? "punt" : k == PB_CLI_FG ? "fg" : "return");
        return -1;
    }
    if (pb_cli_play_opts_finish(cmd, po) != 0)
        return -1;
    if (k == PB_CLI_FG && po->sit.togo > po->rules.fg_max_togo) {
        pb_cli_error(cmd, "--togo: a field goal from %d yards to go is not allowed (rule 3.6: at most %d)", po->sit.togo,
                     po->rules.fg_max_togo);
        return -1;
    }
    return 0;
}
