/* cli/cli.h: what every subcommand shares: exit codes, error messages, option values.
 *
 * Errors go to stderr as "paperbowl CMD: error: MESSAGE" (lower case, the subject quoted),
 * and bad input exits with PB_EXIT_USAGE. Library code never prints; only cmd_* files do. */
#ifndef PB_CLI_H
#define PB_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "play.h"
#include "ruleset.h"
#include "switches.h"
#include "textfile.h"
#include "workers.h"

#define PB_EXIT_OK 0
#define PB_EXIT_FAIL 1   /* a check failed, a diff found changes */
#define PB_EXIT_USAGE 2  /* bad input: option, ruleset, query */

/* The standard output, checked in one place (cli/cli_stdout.c): pb_cli_stdout_guard(CMD) at the
 * start (an exit() inside CMD closes stdout through atexit); pb_cli_stdout_close(CMD, status) when
 * CMD returns: stdout flushed and closed, and when any write to it failed, "paperbowl CMD: error:
 * cannot write the standard output: REASON" (unless status is already PB_EXIT_USAGE: the command
 * said so) and PB_EXIT_USAGE; else status. */
void pb_cli_stdout_guard(const char *cmd);
int pb_cli_stdout_close(const char *cmd, int status);
/* fflush(stdout) in the middle of a command (the output so far shown at once): 0, or -1 (the error
 * is kept for pb_cli_stdout_close's message: a command need not report it itself). */
int pb_cli_stdout_flush(void);

/* Prints "paperbowl CMD: error: ..." and returns PB_EXIT_USAGE. The message's control bytes
 * (those of the user text it quotes) are shown escaped (core/ctl_escape.h). */
int pb_cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Option values. Each prints its own error (naming the option) and returns -1 on bad input. */
/* Numbers go through the one strict parser (cli_num.h): decimal, optional sign and exponent
 * (1e8), no spaces, nothing after, in [min, max] ("--x: '5x' is not a whole number",
 * "--x: 1e20 is out of range (0..18446744073709551615)"). */
int pb_cli_int(const char *cmd, const char *option, const char *text, int min, int max, int *out);
int pb_cli_u64(const char *cmd, const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out);
int pb_cli_double(const char *cmd, const char *option, const char *text, double min, double max, double *out);
/* A comma-separated list of whole numbers in [min, max] ("3,3"), at most maxn of them, none
 * empty: 0, or -1 on any fault (prints nothing: the caller names the list's shape). */
/* "1-14, 20, 30-35": a sorted list as ranges, cut with "..." when it does not fit in len. */
void pb_cli_ranges(const int *v, size_t n, char *buf, size_t len);
int pb_cli_int_list(const char *text, int min, int max, int *vals, size_t maxn, size_t *n);
int pb_cli_offense(const char *cmd, const char *option, const char *text, pb_offense *out);
int pb_cli_defense(const char *cmd, const char *option, const char *text, int *out);
/* "none" -> 0, "1".."24" or "01".."24" -> the card, "deck" -> PB_CARD_DECK when allow_deck. */
int pb_cli_card(const char *cmd, const char *option, const char *text, bool allow_deck, int *out);
/* --deck uniform|real: *real set (false: a uniform card per snap, the solver's model; true: the
 * rulebook's dealt quarter decks). A second --deck, or one contradicting an older spelling
 * (*given already set with the other value), is an error. 0, or -1 with the message printed. */
int pb_cli_deck(const char *cmd, const char *text, int *given, bool *real);
/* --policy LIST (pb_policies_parse), refusing an empty list or entry. */
int pb_cli_policies(const char *cmd, const char *text, pb_policies *out);
int pb_cli_ruleset(const char *cmd, const char *name_or_path, pb_ruleset *out);

/* In a command's help, PB_CLI_CPUS stands for the default --threads of every parallel command
 * (pb_workers_default, core/workers.h): pb_cli_usage prints "all 8 CPUs of this machine" there.
 * pb_cli_usage prints usage to f with each PB_CLI_CPUS expanded, through fprintf with arg when
 * arg is not NULL (see usage_arg below). */
#define PB_CLI_CPUS "{cpus}"
void pb_cli_usage(FILE *f, const char *usage, const char *arg);

/* One getopt_long loop for every command, with the messages every command shares:
 *
 *     pb_cli_opts g;
 *     pb_cli_opts_init(&g, "grid", usage, argc, argv, options);
 *     int opt;
 *     while ((opt = pb_cli_opts_next(&g)) > 0)
 *         switch (opt) { case O_DEPTH: ... g.arg ...; break; }
 *     if (opt == PB_CLI_OPTS_EXIT)
 *         return g.status;
 *     if (pb_cli_opts_no_arguments(&g) != 0)
 *         return PB_EXIT_USAGE;
 *
 * `options` ends with {NULL, 0, NULL, 0}; its --help entry is PB_CLI_HELP_OPTION, which the helper
 * answers itself: it prints `usage` to stdout (with printf and `usage_arg` when that is set) and
 * stops with PB_EXIT_OK. A missing value ("option '--x' needs a value") and an unknown option
 * ("unknown option '--x' (see 'paperbowl CMD --help')") are printed and stop with PB_EXIT_USAGE.
 * After init, a command may change `shorts` (default ":", no short options; ":h" takes -h for
 * help, "-:" hands each operand over in order as code 1) and `first` (the first argument read,
 * default 1; `verify` starts after its check's name). Needs <getopt.h>; uses getopt's globals. */
#define PB_CLI_HELP_OPTION {"help", no_argument, NULL, 'h'}
#define PB_CLI_OPTS_END 0    /* pb_cli_opts_next: no more options */
#define PB_CLI_OPTS_EXIT -1  /* pb_cli_opts_next: --help printed or an error printed; return .status */

struct option;  /* <getopt.h> */
typedef struct {
    const char *cmd, *usage, *usage_arg;
    const char *shorts;
    int first;
    int argc;
    char **argv;
    const struct option *options;
    /* the option just read by pb_cli_opts_next */
    const char *name;  /* its long name; NULL for a short option or an operand */
    const char *arg;   /* its value (or the operand), NULL when it takes none */
    int status;        /* after PB_CLI_OPTS_EXIT: the command's exit status */
    /* after PB_CLI_OPTS_END: the operands left (getopt moves them behind the options) */
    char **args;
    int nargs;
    bool started;  /* getopt's globals are reset on the first pb_cli_opts_next */
} pb_cli_opts;

void pb_cli_opts_init(pb_cli_opts *g, const char *cmd, const char *usage, int argc, char **argv,
                      const struct option *options);
/* The next option's code (> 0), PB_CLI_OPTS_END, or PB_CLI_OPTS_EXIT (see above). */
int pb_cli_opts_next(pb_cli_opts *g);
/* The next operand left after the options (NULL when none is left). */
const char *pb_cli_opts_shift(pb_cli_opts *g);
/* 0 when no operand is left, else prints "unexpected argument '%s'" and returns -1. */
int pb_cli_opts_no_arguments(const pb_cli_opts *g);

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
    bool down_given, ytg_given, timeouts_given, togo_given;
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


/* The processes a game solve is split over (cli/dist.c): NULL in the plain build; the MPI
 * build (mpi/) sets it before running a command. Rank 0 prints and writes files. */
struct pb_wp_dist;
void pb_cli_set_dist(const struct pb_wp_dist *d);
const struct pb_wp_dist *pb_cli_dist(void);
int pb_cli_rank(void);
/* The largest exit status over the ranks, on every rank (a collective: every rank calls it at
 * the same point); the status itself in one process. A rank that failed alone (a check only
 * rank 0 makes, a file one node lacks) so stops the others before they wait on it. */
int pb_cli_agree(int status);
/* pb_cli_agree, then, when every rank is fine, a check that every rank read the same inputs: a
 * hash of ruleset a's and b's (b may be NULL) canonical text with every switch applied, the
 * policies and `options` (text: the options that change the results). A rank whose inputs differ
 * from rank 0's (its node's copy of the ruleset changed, another switch) stops them all before
 * any work, each rank with the same message naming it: PB_EXIT_USAGE. The status itself in one
 * process; a collective like pb_cli_agree. */
int pb_cli_agree_inputs(const char *cmd, int status, const pb_ruleset *a, const pb_ruleset *b,
                        const pb_policies *pol, const char *options);
/* Whether pb_cli_agree was called since pb_cli_set_dist. A command that runs over the ranks
 * agrees once its options are read; the MPI main agrees for a rank that stopped before that
 * point (a file missing on one node), so the others learn of it there and nobody waits. */
int pb_cli_agreed(void);
/* Where pb_cli_error puts its message instead of stderr (the MPI build: rank 0 prints one message
 * for the whole run, mpi/mpi_exit.c). The first message is kept, NUL-terminated; NULL: stderr. */
void pb_cli_set_error_sink(char *buf, size_t len);

/* GMP's allocation failure ends the process as a failed command `cmd` does: "paperbowl CMD:
 * error: out of memory", status 2 (cli/oom.c; GMP's own default is to abort). */
void pb_cli_gmp_oom(const char *cmd);
/* The same end from a printer that cannot return a status (set by pb_cli_gmp_oom). */
void pb_cli_oom_exit(void) __attribute__((noreturn));

/* The command table and its dispatch (cli/main.c): argv[1] is the command. An exit status. */
int pb_cli_main(int argc, char **argv);

#endif
