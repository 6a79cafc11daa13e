/* cli/cli.h: what every subcommand shares: exit codes, error messages, option values.
 *
 * Errors go to stderr as "paperbowl CMD: error: MESSAGE" (lower case, the subject quoted),
 * and bad input exits with PB_EXIT_USAGE. Library code never prints; only cmd_* files do. */
#ifndef PB_CLI_H
#define PB_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "play.h"
#include "ruleset.h"
#include "switches.h"
#include "textfile.h"

#define PB_EXIT_OK 0
#define PB_EXIT_FAIL 1   /* a check failed, a diff found changes */
#define PB_EXIT_USAGE 2  /* bad input: option, ruleset, query */

/* Prints "paperbowl CMD: error: ..." and returns PB_EXIT_USAGE. */
int pb_cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Option values. Each prints its own error (naming the option) and returns -1 on bad input. */
int pb_cli_int(const char *cmd, const char *option, const char *text, int min, int max, int *out);
int pb_cli_offense(const char *cmd, const char *option, const char *text, pb_offense *out);
int pb_cli_defense(const char *cmd, const char *option, const char *text, int *out);
/* "none" -> 0, "1".."24" or "01".."24" -> the card, "deck" -> PB_CARD_DECK when allow_deck. */
int pb_cli_card(const char *cmd, const char *option, const char *text, bool allow_deck, int *out);
int pb_cli_ruleset(const char *cmd, const char *name_or_path, pb_ruleset *out);

/* The options every play command shares:
 *   --ruleset NAME|FILE --togo N --down N --ytg N --lead N --timeouts O,D --policy LIST
 *   --switch ID=VALUE (repeatable)
 * pb_cli_play_opts_init sets the defaults (1st and 10, tied, 3,3, default policies, v1.11-ja);
 * pb_cli_play_option handles one option: 0 handled, 1 not one of these, -1 bad value (printed);
 * pb_cli_play_opts_finish loads the ruleset and checks the situation (-1 on error, printed). */
typedef struct {
    const char *ruleset;
    pb_ruleset rules;
    pb_policies policies;
    pb_situation sit;
    bool ytg_given, timeouts_given, togo_given;
    const char *switches[32];  /* --switch ID=VALUE, applied after the ruleset is loaded */
    int nswitches;
} pb_cli_play_opts;

void pb_cli_play_opts_init(pb_cli_play_opts *po);
int pb_cli_play_option(const char *cmd, const char *option, const char *arg, pb_cli_play_opts *po);
int pb_cli_play_opts_finish(const char *cmd, pb_cli_play_opts *po);
/* Help text for those options, for each command's --help. */
extern const char pb_cli_play_opts_help[];

/* getopt_long entries for those options, all with the value `code` (the handler looks at the
 * option's name). Needs <getopt.h>. */
#define PB_CLI_PLAY_OPTIONS(code)                                                                   \
    {"ruleset", required_argument, NULL, code}, {"togo", required_argument, NULL, code},           \
    {"down", required_argument, NULL, code}, {"ytg", required_argument, NULL, code},               \
    {"lead", required_argument, NULL, code}, {"timeouts", required_argument, NULL, code},           \
    {"policy", required_argument, NULL, code}, {"switch", required_argument, NULL, code}

/* What `roll` and `dist` resolve: a play (--offense --defense [--card]) or one special-teams
 * action (--kickoff, --onside [--free-kick], --punt, --return, --fg, --pat, --two-point). */
typedef enum {
    PB_CLI_PLAY, PB_CLI_KICKOFF, PB_CLI_ONSIDE, PB_CLI_PUNT, PB_CLI_RETURN, PB_CLI_FG, PB_CLI_PAT, PB_CLI_TWO_POINT
} pb_cli_action_kind;

typedef struct {
    pb_cli_action_kind kind;
    int kinds_given;         /* how many action flags were given (at most one is allowed) */
    bool free_kick, have_offense, have_card;
    pb_offense offense;
    int defense;             /* 0: not given */
    int card;                /* 0: none; PB_CARD_DECK where allowed */
} pb_cli_action;

#define PB_CLI_ACTION_OPTIONS(code)                                                                 \
    {"offense", required_argument, NULL, code}, {"defense", required_argument, NULL, code},        \
    {"card", required_argument, NULL, code}, {"kickoff", no_argument, NULL, code},                 \
    {"onside", no_argument, NULL, code}, {"free-kick", no_argument, NULL, code},                   \
    {"punt", no_argument, NULL, code}, {"return", no_argument, NULL, code},                        \
    {"fg", no_argument, NULL, code}, {"pat", no_argument, NULL, code},                             \
    {"two-point", no_argument, NULL, code}

void pb_cli_action_init(pb_cli_action *a);
/* One of PB_CLI_ACTION_OPTIONS by name: 0 handled, -1 bad value (printed). */
int pb_cli_action_option(const char *cmd, const char *option, const char *arg, bool allow_deck, pb_cli_action *a);
/* Checks the action's flags against each other and the situation, then finishes `po`
 * (pb_cli_play_opts_finish) and checks what needs the ruleset (field-goal range).
 * -1 on error (printed). */
int pb_cli_action_finish(const char *cmd, const pb_cli_action *a, pb_cli_play_opts *po);


#endif
