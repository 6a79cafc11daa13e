/* cli/cmd_solve_game.c: `paperbowl solve game` and `paperbowl solve wp`: the game solver
 * (solve/wp.h) from the command line. `game` solves and writes the value file (wp_file.h);
 * `wp` answers one moment from a value file of the same ruleset and switches (or solves first).
 * The printers are in cli/solve_game_print.c. */
#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"
#include "cli_progress.h"
#include "sim.h"
#include "strategy.h"
#include "wp_decider.h"
#include "enumerate.h"
#include "solve_game.h"
#include "wp.h"
#include "wp_file.h"
#include "deviate.h"

/* Each subcommand's help says first what it does, then its options; the options they share are
 * written once (the macros below). */
#define GAME_MODEL                                                                                  \
    "The game solver treats the whole game as a stochastic game: the win probability (P(win) +\n"  \
    "P(tie)/2) of the team with the ball at every moment, both sides choosing at once at every snap\n" \
    "(a matrix game) and choosing by value at every kick, try, field goal, punt and end-of-half\n"   \
    "timeout. Model: doc/solve.md.\n\n"
#define GAME_RULES_OPTS                                                                             \
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"          \
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable)\n"                            \
    "  --policy LIST        in-play decisions by policy (see 'paperbowl dist --help')\n"            \
    "  --in-play policy|value   challenges, penalties and the card timeouts and changes of 21-24:\n" \
    "                       by the policies (default), or chosen by win probability at every\n"    \
    "                       decision point of the compiled plays (3 to 5 times slower; a value file\n" \
    "                       of its own)\n"                                                          \
    "  --lead-cap S         leads beyond +-S are bounded, not solved (default 56)\n"
#define GAME_MOMENT_OPTS                                                                            \
    "  --half 1|2 --left N  the half and the play cards left in it (this play's card included);\n"  \
    "                       --half 3 is the overtime of OT=sudden-death (lead 0, no try)\n"         \
    "  --lead S             the lead of the team with the ball (kicking, trying; a try counts the 6)\n" \
    "  --togo T --down D --ytg Y   the field (ytg defaults to min(10, togo), down to 1)\n"          \
    "  --timeouts A,B       timeouts left to the team and to its opponent, each at most the\n"      \
    "                       ruleset's (default: the ruleset's, both)\n"
#define GAME_RUN_OPTS                                                                               \
    "  --json               JSON instead of text\n"                                                 \
    "  --threads N          threads (default: " PB_CLI_CPUS "; the result is the\n"   \
    "                       same for any count)\n"                                                 \
    "  --timings            print the time spent (stderr)\n"

static const char usage_game[] =
    "usage: paperbowl solve game [OPTIONS]\n\n"
    "Solves the whole game and writes its value file: prints the headline answers (coin toss,\n"
    "two-point chart, timeouts, leads by cards left) and writes the win probability of every state to\n"
    "--output DIR (default: out/) as game-<ruleset>[-<switches>][-in-play=value].pbv, the file\n"
    "'solve wp', 'solve check', 'tables --game' and 'sim --home' read.\n\n" GAME_MODEL GAME_RULES_OPTS
    "  --output DIR         where the value file goes (default out/)\n"
    "  --full | --headline  keep every state in the value file (else 'solve wp', 'solve check' and\n"
    "                       'sim' recompute each moment away from 1st downs, kicks and tries: slow\n"
    "                       for a strategy), or only those; default: every state when the file stays\n"
    "                       under 4 GiB\n"
    "  --strategy-out FILE  also write the value file to FILE: a strategy 'paperbowl sim --home FILE'\n"
    "                       plays (every state is kept)\n"
    "  --full-last K        keep every state of the last K cards of half 2 only (1..the cards of a\n"
    "                       half; with its extra plays and any overtime), the headline elsewhere:\n"
    "                       'solve check --half 2 --left N' (N <= K) plays from those moments;\n"
    "                       refused when those states would take over 4 GiB (v1.11: K <= 5 at the\n"
    "                       default lead cap, K <= 18 at --lead-cap 30)\n" GAME_RUN_OPTS;

static const char usage_wp[] =
    "usage: paperbowl solve wp --half H --left N --lead S [--togo T --down D --ytg Y | --kickoff | --try]\n"
    "                          [--timeouts A,B] [--receives yes|no] [--values FILE] [OPTIONS]\n\n"
    "Prints the win probability of the team with the ball at one moment, with the alternatives\n"
    "(go / field goal / punt and the snap's mixes; PAT or two; kickoff or onside), read from the value\n"
    "file of the same ruleset and switches when there is one (its header is checked; 'solve game'\n"
    "writes it), else solved first.\n\n" GAME_MODEL GAME_MOMENT_OPTS
    "  --kickoff | --free-kick | --try   the moment is a kickoff (kicking team), a free kick after a\n"
    "                       safety, or a try (scoring team) instead of a snap\n"
    "  --receives yes|no    half 1 only: whether the team receives the second-half kickoff (default no)\n"
    "  --values FILE        the value file to read (default: the one 'solve game' writes in out/)\n"
    GAME_RULES_OPTS GAME_RUN_OPTS;

static const char usage_check[] =
    "usage: paperbowl solve check [--games N] [--seed S] [--deck uniform|real | --paired] [--deviate D] [--layers]\n"
    "                             [--values FILE] [OPTIONS]\n\n"
    "Checks the solved game in the simulator: plays the solved strategy against itself from the\n"
    "opening kickoff (or from the moment --half --left --lead --togo ...) and compares the kicking\n"
    "team's result with the solver's value: the z-score, points and plays per game. With --deviate\n"
    "never-onside|always-pat|always-punt the home team makes that choice instead of the solved one,\n"
    "and its result is compared with 1/2 (what the solved strategy is worth to either team before\n"
    "the coin toss): a deviation must not do better.\n\n"
    "Where the value file keeps every state the games read it at the simulator's speed; a file\n"
    "written with --full-last K does so from a moment of half 2 with at most K cards left. Else\n"
    "(a headline file: the default game's) the games are played layer by layer: every card takes\n"
    "each game one layer down, so the game is solved, keeping every 6th layer or so whole, and the\n"
    "stretch the games are in is solved again and held whole while they go through it: about two\n"
    "solves' time whatever the game count, and some 15 GiB for the default game. That is the way\n"
    "from 2,000 games up, or when no value file is at hand; below that each moment the file does\n"
    "not keep is recomputed from it, about 3 CPU seconds a game of the default game.\n\n" GAME_MODEL
    "  --games N            games to play (default 100000)\n"
    "  --seed S             the random seed (default 1)\n"
    "  --deck uniform|real  the play cards: uniform, each snap's card drawn from the 24 (the solver's\n"
    "                       model; default), or real, the rulebook's dealt quarter decks\n"
    "  --real-deck          the same as --deck real\n"
    "  --deviate D          never-onside|always-pat|always-punt: the home team's deviation\n"
    "  --values FILE        the value file to read (default: the one 'solve game' writes in out/)\n"
    "  --paired             play every game under both decks on common random numbers (the same\n"
    "                       dice; layer by layer): each deck's result, the real deck's difference\n"
    "                       with its paired SE, and the coin toss's call under the real deck\n"
    "  --also-from H,L,S,T,D,Y[,A,B[,R]]   more starts played beside, as many games each (up to 8;\n"
    "                       layer by layer): a snap of half H with L cards left, the team with the\n"
    "                       ball leading by S, down D and Y to go at togo T, timeouts A,B (default\n"
    "                       the ruleset's), in half 1 R = 1 if it receives the second-half kickoff\n"
    "  --layers             play layer by layer (above) whatever the file and the game count\n"
    "  --layers-every K     the same, keeping every K-th layer whole (default: about the square\n"
    "                       root of a half's cards; 1..64)\n"
    GAME_MOMENT_OPTS GAME_RULES_OPTS GAME_RUN_OPTS;

typedef struct {
    int wp, check;
    long long games, seed;
    int real_deck, deviate;   /* deviate: -1 none, else a pb_deviation */
    int deck_given;           /* --deck or --real-deck seen */
    pb_cli_play_opts po;
    int half, left, lead, timeouts_given, receives, kind, lead_cap, threads, json, timings;
    int have_half, have_left, have_lead;
    int from_moment;   /* check: from --half ... --togo instead of the opening kickoff */
    int to_own, to_opp;
    const char *values, *outdir, *strategy_out;
    int keep;   /* -1 default, 0 headline, 1 full */
    int keep_last;   /* --full-last K: every state of half 2's last K cards (0: not given) */
    int layers;      /* check: 1 layer by layer (--layers), 0 the file's states, -1 chosen by the game count */
    int layers_every;   /* --layers-every K: the checkpoints' spacing (0: by the half's cards) */
    int paired;      /* check --paired: both decks on common random numbers (layer by layer) */
    int nalso;       /* check --also-from: more starts played beside, layer by layer */
    pb_game_view also[8];
    const char *also_arg[8];
} game_opts;

/* --also-from H,L,S,T,D,Y[,A,B[,R]]: a snap of half H (1, 2) with L cards left, the team with the ball
 * leading by S, down D and Y at togo T, timeouts A,B (default: the ruleset's, both), and in half 1
 * R = 1 when it receives the second-half kickoff (default 1). */
static int parse_also(const char *cmd, const char *arg, const pb_ruleset *rs, pb_game_view *v)
{
    long x[9];
    int n = 0;
    const char *p = arg;
    while (n < 9) {
        char *end;
        errno = 0;
        x[n] = strtol(p, &end, 10);
        if (end == p || errno)
            break;
        n++;
        p = end;
        if (*p != ',')
            break;
        p++;
    }
    int T = rs->sw.timeouts, P = 2 * rs->plays_per_quarter;
    if (*p || (n != 6 && n != 8 && n != 9))
        return pb_cli_error(cmd, "--also-from '%s': expected HALF,LEFT,LEAD,TOGO,DOWN,YTG[,TIMEOUTS,OPP_TIMEOUTS[,RECEIVES]]",
                            arg) ? -1 : -1;
    if (n < 8)
        x[6] = x[7] = T;
    if (n < 9)
        x[8] = x[0] == 1;   /* receives: half 1 only */
    const char *bad = x[0] < 1 || x[0] > 2 ? "the half (1 or 2)" : x[1] < 1 || x[1] > P ? "the cards left"
                      : x[2] < -99 || x[2] > 99 ? "the lead (-99..99)" : x[3] < 1 || x[3] > 99 ? "the togo (1..99)"
                      : x[4] < 1 || x[4] > rs->downs ? "the down" : x[5] < 1 || x[5] > x[3] ? "the ytg (1..togo)"
                      : x[6] < 0 || x[6] > T || x[7] < 0 || x[7] > T ? "the timeouts"
                      : x[8] < 0 || x[8] > 1 ? "receives (1 or 0)" : NULL;
    if (bad)
        return pb_cli_error(cmd, "--also-from '%s': %s out of range", arg, bad) ? -1 : -1;
    *v = (pb_game_view){(int)x[0], (int)x[1], 0, (int)x[2], (int)x[6], (int)x[7], x[8] != 0, (int)x[3], (int)x[4],
                        (int)x[5], 0};
    return 0;
}

static int parse_timeouts(const char *cmd, const char *arg, int *a, int *b)
{
    int ab[2];
    size_t n;
    if (pb_cli_int_list(arg, 0, 9, ab, 2, &n) != 0 || n != 2)
        return pb_cli_error(cmd, "--timeouts '%s': expected A,B (each 0..9)", arg) ? -1 : -1;
    *a = ab[0];
    *b = ab[1];
    return 0;
}

static int parse(const char *cmd, int argc, char **argv, game_opts *o, int *status)
{
    enum { O_PLAY = 1000, O_HALF, O_LEFT, O_TIMEOUTS2, O_RECEIVES, O_KICKOFF, O_FREE, O_TRY, O_VALUES, O_OUTPUT,
           O_CAP, O_JSON, O_THREADS, O_TIMINGS, O_FULL, O_HEADLINE, O_STRATEGY, O_GAMES, O_SEED, O_REAL, O_DEVIATE, O_IN_PLAY, O_FULL_LAST, O_DECK, O_LAYERS, O_LAYERS_EVERY, O_PAIRED, O_ALSO };
    static const struct option options[] = {
        {"ruleset", required_argument, NULL, O_PLAY}, {"switch", required_argument, NULL, O_PLAY},
        {"policy", required_argument, NULL, O_PLAY}, {"togo", required_argument, NULL, O_PLAY},
        {"down", required_argument, NULL, O_PLAY}, {"ytg", required_argument, NULL, O_PLAY},
        {"lead", required_argument, NULL, O_PLAY}, {"timeouts", required_argument, NULL, O_TIMEOUTS2},
        {"half", required_argument, NULL, O_HALF}, {"left", required_argument, NULL, O_LEFT},
        {"receives", required_argument, NULL, O_RECEIVES}, {"kickoff", no_argument, NULL, O_KICKOFF},
        {"free-kick", no_argument, NULL, O_FREE}, {"try", no_argument, NULL, O_TRY},
        {"values", required_argument, NULL, O_VALUES}, {"output", required_argument, NULL, O_OUTPUT},
        {"lead-cap", required_argument, NULL, O_CAP}, {"json", no_argument, NULL, O_JSON},
        {"threads", required_argument, NULL, O_THREADS}, {"timings", no_argument, NULL, O_TIMINGS},
        {"full", no_argument, NULL, O_FULL}, {"headline", no_argument, NULL, O_HEADLINE},
        {"strategy-out", required_argument, NULL, O_STRATEGY}, {"games", required_argument, NULL, O_GAMES},
        {"seed", required_argument, NULL, O_SEED}, {"real-deck", no_argument, NULL, O_REAL},
        {"deviate", required_argument, NULL, O_DEVIATE}, {"in-play", required_argument, NULL, O_IN_PLAY},
        {"full-last", required_argument, NULL, O_FULL_LAST}, {"deck", required_argument, NULL, O_DECK},
        {"layers", no_argument, NULL, O_LAYERS}, {"layers-every", required_argument, NULL, O_LAYERS_EVERY},
        {"paired", no_argument, NULL, O_PAIRED}, {"also-from", required_argument, NULL, O_ALSO},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    *status = PB_EXIT_USAGE;
    o->wp = strcmp(argv[1], "wp") == 0;
    o->check = strcmp(argv[1], "check") == 0;
    o->games = 100000;
    o->seed = 1;
    o->layers = -1;
    pb_cli_play_opts_init(&o->po);
    o->threads = pb_workers_default();
    o->kind = PB_WP_SNAP;
    o->outdir = "out";
    o->keep = -1;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, o->wp ? usage_wp : o->check ? usage_check : usage_game, argc, argv, options);
    g.first = 2;
    int opt, kinds = 0, receives_given = 0;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        int rc = 0;
        const char *only_wp = NULL;
        switch (opt) {
        case O_PLAY:
            if (strcmp(g.name, "ruleset") && strcmp(g.name, "switch") && strcmp(g.name, "policy"))
                only_wp = g.name;
            if (strcmp(g.name, "lead") == 0) {
                rc = pb_cli_int(cmd, "--lead", g.arg, -999, 999, &o->lead);
                o->have_lead = 1;
            } else {
                rc = pb_cli_play_option(cmd, g.name, g.arg, &o->po);
            }
            break;
        case O_TIMEOUTS2:
            only_wp = "timeouts";
            rc = parse_timeouts(cmd, g.arg, &o->to_own, &o->to_opp);
            o->timeouts_given = 1;
            break;
        case O_HALF:
            only_wp = "half";
            rc = pb_cli_int(cmd, "--half", g.arg, 1, 3, &o->half);
            o->have_half = 1;
            break;
        case O_LEFT:
            only_wp = "left";
            rc = pb_cli_int(cmd, "--left", g.arg, 0, 64, &o->left);
            o->have_left = 1;
            break;
        case O_RECEIVES:
            only_wp = "receives";
            receives_given = 1;
            if (strcmp(g.arg, "yes") == 0)
                o->receives = 1;
            else if (strcmp(g.arg, "no") == 0)
                o->receives = 0;
            else
                rc = pb_cli_error(cmd, "--receives '%s': yes or no", g.arg) ? -1 : -1;
            break;
        case O_KICKOFF:
        case O_FREE:
        case O_TRY:
            only_wp = opt == O_KICKOFF ? "kickoff" : opt == O_FREE ? "free-kick" : "try";
            o->kind = opt == O_KICKOFF ? PB_WP_KICKOFF : opt == O_FREE ? PB_WP_FREE_KICK : PB_WP_TRY;
            kinds++;
            break;
        case O_VALUES:
            if (!o->check)
                only_wp = "values";
            o->values = g.arg;
            break;
        case O_OUTPUT:
            if (o->wp || o->check) {
                pb_cli_error(cmd, "--output belongs to 'solve game'");
                return -1;
            }
            o->outdir = g.arg;
            break;
        case O_CAP:
            rc = pb_cli_int(cmd, "--lead-cap", g.arg, 1, 400, &o->lead_cap);
            break;
        case O_JSON:
            o->json = 1;
            break;
        case O_THREADS:
            rc = pb_cli_int(cmd, "--threads", g.arg, 1, 256, &o->threads);
            break;
        case O_TIMINGS:
            o->timings = 1;
            break;
        case O_IN_PLAY:
            if (strcmp(g.arg, "value") == 0)
                o->po.policies.in_play_by_value = 1;
            else if (strcmp(g.arg, "policy") == 0)
                o->po.policies.in_play_by_value = 0;
            else
                rc = pb_cli_error(cmd, "--in-play '%s': policy or value", g.arg) ? -1 : -1;
            break;
        case O_GAMES:
        case O_SEED:
        case O_REAL:
        case O_DECK:
        case O_DEVIATE:
        case O_LAYERS:
        case O_LAYERS_EVERY:
        case O_PAIRED:
        case O_ALSO:
            if (!o->check) {
                pb_cli_error(cmd, "--%s belongs to 'solve check'", g.name);
                return -1;
            }
            if (opt == O_ALSO) {
                if (o->nalso >= 8) {
                    pb_cli_error(cmd, "--also-from: at most 8 moments");
                    return -1;
                }
                o->also_arg[o->nalso++] = g.arg;   /* read once the ruleset is known */
                o->layers = 1;
            } else if (opt == O_PAIRED) {
                o->paired = 1;
            } else if (opt == O_LAYERS) {
                o->layers = 1;
            } else if (opt == O_LAYERS_EVERY) {
                o->layers = 1;
                rc = pb_cli_int(cmd, "--layers-every", g.arg, 1, 64, &o->layers_every);
            } else if (opt == O_DEVIATE) {
                o->deviate = pb_deviation_parse(g.arg);
                if (o->deviate < 0) {
                    pb_cli_error(cmd, "--deviate '%s': never-onside, always-pat or always-punt", g.arg);
                    return -1;
                }
            } else if (opt == O_REAL || opt == O_DECK) {
                bool real = o->real_deck != 0;
                if (pb_cli_deck(cmd, opt == O_REAL ? "real" : g.arg, &o->deck_given, &real) != 0)
                    return -1;
                o->real_deck = real;
            } else {
                int v;
                rc = pb_cli_int(cmd, opt == O_GAMES ? "--games" : "--seed", g.arg, opt == O_GAMES ? 1 : 0, 2000000000, &v);
                if (opt == O_GAMES)
                    o->games = v;
                else
                    o->seed = v;
            }
            break;
        case O_FULL:
        case O_HEADLINE:
        case O_STRATEGY:
        case O_FULL_LAST:
            if (o->wp || o->check) {
                pb_cli_error(cmd, "--%s belongs to 'solve game'", g.name);
                return -1;
            }
            if (opt == O_FULL_LAST) {
                rc = pb_cli_int(cmd, "--full-last", g.arg, 1, 64, &o->keep_last);
            } else if (opt == O_STRATEGY) {
                o->strategy_out = g.arg;
            } else {
                if (o->keep == (opt != O_FULL)) {
                    pb_cli_error(cmd, "--full and --headline do not go together (every state kept, or the headline's only)");
                    return -1;
                }
                o->keep = opt == O_FULL;
            }
            break;
        }
        if (rc != 0)
            return -1;
        if (only_wp && !o->wp && !(o->check && strcmp(only_wp, "values") != 0 && strcmp(only_wp, "kickoff") != 0 &&
                                   strcmp(only_wp, "free-kick") != 0 && strcmp(only_wp, "try") != 0)) {
            pb_cli_error(cmd, "--%s belongs to 'solve wp'%s", only_wp,
                         o->check ? " (solve check starts from a snap: --half, --left, --lead, --togo ...)" : "");
            return -1;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT) {
        *status = g.status;
        return -1;
    }
    if (pb_cli_opts_no_arguments(&g) != 0)
        return -1;
    if (kinds > 1) {
        pb_cli_error(cmd, "--kickoff, --free-kick and --try: at most one");
        return -1;
    }
    if (o->wp && (!o->have_half || !o->have_left || !o->have_lead)) {
        pb_cli_error(cmd, "solve wp needs --half, --left and --lead");
        return -1;
    }
    if (receives_given && o->have_half && o->half != 1) {
        pb_cli_error(cmd, "--receives means nothing in half %d: it says who receives the second half's kickoff, "
                     "a half-1 question", o->half);
        return -1;
    }
    if (o->have_half && o->half == 3 && o->have_lead && o->lead != 0) {
        pb_cli_error(cmd, "--lead %+d in the overtime (--half 3): the first score ends the game, so the lead is 0",
                     o->lead);
        return -1;
    }
    o->from_moment = o->check && (o->have_half || o->have_left || o->have_lead || o->po.togo_given ||
                                  o->timeouts_given);
    if (o->from_moment && (!o->have_half || !o->have_left || !o->have_lead || !o->po.togo_given)) {
        pb_cli_error(cmd, "solve check from a moment needs --half, --left, --lead and --togo");
        return -1;
    }
    if (o->nalso && o->deviate >= 0) {
        pb_cli_error(cmd, "--also-from plays the solved strategy from more moments: not with --deviate");
        return -1;
    }
    if (o->paired && (o->deck_given || o->deviate >= 0)) {
        pb_cli_error(cmd, "--paired plays both decks with the solved strategy: not with --%s",
                     o->deck_given ? "deck" : "deviate");
        return -1;
    }
    if (o->from_moment && o->left < 1) {
        pb_cli_error(cmd, "--left: solve check starts from a snap (1 or more cards left)");
        return -1;
    }
    if (o->wp && o->kind == PB_WP_SNAP && !o->po.togo_given) {
        pb_cli_error(cmd, "solve wp needs --togo (or --kickoff, --free-kick, --try)");
        return -1;
    }
    if (o->wp && o->kind != PB_WP_SNAP && o->po.togo_given) {
        pb_cli_error(cmd, "--togo, --down and --ytg describe a snap, not a kick or a try");
        return -1;
    }
    if (pb_cli_play_opts_finish(cmd, &o->po) != 0)
        return -1;
    for (int k = 0; k < o->nalso; k++)   /* the ruleset known: its cards, downs and timeouts */
        if (parse_also(cmd, o->also_arg[k], &o->po.rules, &o->also[k]) != 0)
            return -1;
    if (o->keep_last > 0 && (o->keep >= 0 || o->strategy_out)) {
        pb_cli_error(cmd, "--full-last keeps the last cards of half 2 whole: not with --%s",
                     o->keep == 1 ? "full" : o->keep == 0 ? "headline" : "strategy-out (a strategy keeps every state)");
        return -1;
    }
    if (o->keep_last > 2 * o->po.rules.plays_per_quarter) {
        pb_cli_error(cmd, "--full-last %d: a half of this ruleset has %d cards (1..%d)", o->keep_last,
                     2 * o->po.rules.plays_per_quarter, 2 * o->po.rules.plays_per_quarter);
        return -1;
    }
    if (o->have_half && o->half == 3 && o->po.rules.sw.overtime != PB_OT_SUDDEN_DEATH) {
        pb_cli_error(cmd, "--half 3 is the overtime, and this ruleset has none (--switch OT=sudden-death adds it)");
        return -1;
    }
    if (!o->timeouts_given)
        o->to_own = o->to_opp = o->po.rules.sw.timeouts;
    if (o->to_own > o->po.rules.sw.timeouts || o->to_opp > o->po.rules.sw.timeouts) {
        pb_cli_error(cmd, "--timeouts %d,%d: this ruleset gives %d timeouts a half", o->to_own, o->to_opp,
                     o->po.rules.sw.timeouts);
        return -1;
    }
    if (!o->wp) {
        struct stat sb;
        if (stat(o->outdir, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
            pb_cli_error(cmd, "--output '%s' is not a directory", o->outdir);
            return -1;
        }
    }
    *status = PB_EXIT_OK;
    return 0;
}

/* Bytes of a value file with every state of `halves` halves' worth of slices (3: half 1, with its
 * two values of r, and half 2) over `layers` layers each. */
static double kept_bytes(const pb_ruleset *rs, int lead_cap, double halves, double layers)
{
    double S = pb_wp_lead_cap_for(rs, lead_cap), T = rs->sw.timeouts + 1;
    return halves * (2 * S + 1) * T * T * layers * (rs->downs * 4950.0 + 7) * 8;
}

static double extra_plays(const pb_ruleset *rs)
{
    double E = rs->set_aside;
    if (rs->extra_plays_max >= 0 && rs->extra_plays_max < E)
        E = rs->extra_plays_max;
    return E > 2 * rs->sw.timeouts ? 2 * rs->sw.timeouts : E;
}

/* ... every state (natural and extra-play layers, both halves) */
static double full_bytes(const pb_ruleset *rs, int lead_cap)
{
    return kept_bytes(rs, lead_cap, 3, 2.0 * rs->plays_per_quarter + 1 + 2 * extra_plays(rs));
}

/* ... every state of half 2's last K cards, its end and its extra plays (--full-last K) */
static double last_bytes(const pb_ruleset *rs, int lead_cap, int K)
{
    return kept_bytes(rs, lead_cap, 1, K + 1 + 2 * extra_plays(rs));
}

/* The process's largest resident set so far, in MiB (getrusage; -1 when the system will not say). */
static long peak_resident_mib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss / 1024 : -1;
}

static int solve(const char *cmd, const game_opts *o, int keep_all, int keep_last, pb_wp **w)
{
    double full = full_bytes(&o->po.rules, o->lead_cap);
    if (keep_all && full > 4.0 * (1u << 30))
        return pb_cli_error(cmd, "every state of this game would take %.1f GiB (over 4 GiB): answer from a value file "
                                 "of 'solve game' (1st downs, kicks and tries), or solve a smaller game (doc/solve.md, "
                                 "\"Limits\")", full / (1u << 30));
    double last = keep_last > 0 ? last_bytes(&o->po.rules, o->lead_cap, keep_last) : 0;
    if (last > 4.0 * (1u << 30))
        return pb_cli_error(cmd, "--full-last %d: every state of the last %d cards would take %.2f GiB (over 4 GiB): "
                                 "keep fewer cards, or solve with a smaller --lead-cap", keep_last, keep_last,
                            last / (1u << 30));
    pb_wp_opts wo = {&o->po.rules, o->po.policies, o->threads, o->lead_cap, keep_all, pb_cli_dist(), keep_last, 0};
    char err[512];
    if (pb_wp_solve(w, &wo, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    if (o->timings) {
        pb_wp_stats st;
        pb_wp_stats_get(*w, &st);
        fprintf(stderr, "paperbowl solve: %d layers, %.0f states, lead cap %d, %d thread%s; tables %.2f s, layers %.2f s (snaps "
                        "%.2f s, carriers %.2f s, the rest %.2f s, the monotonicity check %.2f s), "
                        "peak %zu MiB (the layers, counted), %ld MiB resident (the process, measured)\n",
                st.layers, st.states, st.lead_cap, o->threads, o->threads == 1 ? "" : "s", st.build_seconds, st.solve_seconds, st.phase_seconds[0],
                st.phase_seconds[1], st.phase_seconds[2], st.mono_seconds, st.peak_bytes >> 20, peak_resident_mib());
        fprintf(stderr, "paperbowl solve: the entries' sums %s, the lanes %s\n",
                st.fused ? "with a fused multiply-add a term (FMA)"
                         : "with each product and each sum rounded (no FMA on this machine or build, or PB_WP_FMA=0)",
                st.halves ? "as two 4-wide halves" : "8 wide (AVX-512)");
    }
    return PB_EXIT_OK;
}

/* DIR/game-<ruleset>[-<ID>=<VALUE>...][-<POLICY>=<VALUE>...][-in-play=value].pbv (the policies not
 * at their default, best: each policy makes another game), with anything but [A-Za-z0-9._=-] as
 * '_'; malloc'd, as long as it takes (a name too long for the system is refused where it is
 * written); NULL when out of memory. */
char *pb_cli_game_value_path(const char *rules_name, const char *const *switches, int nswitches,
                             const pb_policies *pol, const char *dir)
{
    char pols[256];
    pb_policies_format(pol, pols, sizeof pols);   /* "challenge=best,...,return=best[,in-play=value]" */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    fprintf(m, "%s/game-%s", dir, rules_name);
    for (int i = 0; i < nswitches; i++)
        fprintf(m, "-%s", switches[i]);
    for (char *p = pols, *end; *p; p = *end ? end + 1 : end) {
        end = p + strcspn(p, ",");
        size_t k = (size_t)(end - p);
        if (!(k > 5 && memcmp(end - 5, "=best", 5) == 0))
            fprintf(m, "-%.*s", (int)k, p);
    }
    fputs(".pbv", m);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    for (char *p = buf + strlen(dir) + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
              *p == '-' || *p == '=' || *p == '_'))
            *p = '_';
    return buf;
}

char *pb_cli_deck_cache_path(const char *rules_name, const char *dir)
{
    size_t n = strlen(dir) + strlen(rules_name) + 16;
    char *buf = malloc(n);
    if (!buf)
        return NULL;
    snprintf(buf, n, "%s/deck-%s.txt", dir, rules_name);
    for (char *p = buf + strlen(dir) + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
              *p == '-' || *p == '=' || *p == '_'))
            *p = '_';
    return buf;
}

/* The first line of DIR/deck-<ruleset>.txt (`verify deck`'s cache) into buf, without its newline:
 * 0, or -1 when there is none (not a regular file, unreadable, empty). */
int pb_cli_deck_line(const char *rules_name, const char *dir, char *buf, size_t len)
{
    char *path = pb_cli_deck_cache_path(rules_name, dir);
    struct stat sb;
    int rc = -1;
    if (path && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
        FILE *f = fopen(path, "r");
        if (f && fgets(buf, (int)len, f) && buf[0] && buf[0] != '\n') {
            buf[strcspn(buf, "\n")] = 0;
            rc = 0;
        }
        if (f)
            fclose(f);
    }
    free(path);
    return rc;
}

static char *default_path(const game_opts *o, const char *dir)
{
    return pb_cli_game_value_path(o->po.rules.name, o->po.switches, o->po.nswitches, &o->po.policies, dir);
}

int pb_cli_game_values(const char *cmd, const pb_ruleset *rules, const pb_policies *pol, const char *const *switches,
                       int nswitches, const char *values, const char *dir, int threads, int lead_cap, pb_wp **w,
                       int *solved)
{
    if (solved)
        *solved = 0;
    int st = pb_cli_game_values_read(cmd, rules, pol, switches, nswitches, values, dir, threads, lead_cap, w);
    if (st != PB_EXIT_OK || *w)
        return st;
    return pb_cli_game_values_solve(cmd, rules, pol, switches, nswitches, dir, threads, lead_cap, w, solved);
}

int pb_cli_game_values_read(const char *cmd, const pb_ruleset *rules, const pb_policies *pol,
                            const char *const *switches, int nswitches, const char *values, const char *dir,
                            int threads, int lead_cap, pb_wp **w)
{
    char err[PB_ERR_MAX];
    *w = NULL;
    if (values) {
        if (pb_wp_file_read(w, values, rules, pol, 0, threads, err, sizeof err) != 0)
            return pb_cli_error(cmd, "%s", err);
        return PB_EXIT_OK;
    }
    char *path = pb_cli_game_value_path(rules->name, switches, nswitches, pol, dir);
    if (!path)
        return pb_cli_error(cmd, "out of memory");
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {   /* never solve into a device, FIFO or directory */
        int st = pb_cli_error(cmd, "%s: not a regular file: the game's value file goes there (remove it, or give "
                                   "--values FILE)", path);
        free(path);
        return st;
    }
    int found = stat(path, &sb) == 0;
    char why[PB_ERR_MAX] = "";
    if (found) {   /* a file of another lead cap (an older default) is stale too */
        if (pb_wp_file_read(w, path, rules, pol, pb_wp_lead_cap_for(rules, lead_cap), threads, why, sizeof why) == 0) {
            free(path);
            return PB_EXIT_OK;
        }
        *w = NULL;
    }
    mkdir(dir, 0777);
    if (pb_outfile_check(path, err, sizeof err) != 0) {   /* before any work (a symlink there, a loop: refused) */
        free(path);
        return pb_cli_error(cmd, "%s", err);
    }
    if (found)
        fprintf(stderr, "paperbowl %s: %s; the game is solved and the file written anew\n", cmd, why);
    else
        fprintf(stderr, "paperbowl %s: no value file %s: solving the game ('paperbowl solve game' writes it)\n", cmd,
                path);
    free(path);
    return PB_EXIT_OK;
}

int pb_cli_game_values_solve(const char *cmd, const pb_ruleset *rules, const pb_policies *pol,
                             const char *const *switches, int nswitches, const char *dir, int threads, int lead_cap,
                             pb_wp **w, int *solved)
{
    char err[PB_ERR_MAX];
    struct stat sb;
    *w = NULL;
    if (solved)
        *solved = 0;
    char *path = pb_cli_game_value_path(rules->name, switches, nswitches, pol, dir);
    if (!path)
        return pb_cli_error(cmd, "out of memory");
    mkdir(dir, 0777);
    if (pb_outfile_check(path, err, sizeof err) != 0) {   /* again: the path may have changed meanwhile */
        free(path);
        return pb_cli_error(cmd, "%s", err);
    }
    pb_wp_opts wo = {rules, *pol, threads, lead_cap, 0, NULL, 0, 0};
    int status = PB_EXIT_OK;
    if (pb_wp_solve(w, &wo, err, sizeof err) != 0) {
        status = pb_cli_error(cmd, "the game solver: %s", err);
    } else if (pb_wp_file_write(*w, path, err, sizeof err) != 0) {
        pb_wp_free(*w);
        *w = NULL;
        status = pb_cli_error(cmd, "%s", err);
    } else if (pb_wp_file_as_read(*w) != 0) {   /* what follows prints what the file gives back */
        pb_wp_free(*w);
        *w = NULL;
        status = pb_cli_error(cmd, "out of memory");
    } else {
        pb_cli_progress_clear();
        if (solved)
            *solved = 1;
        if (stat(path, &sb) == 0)
            fprintf(stderr, "paperbowl %s: value file %s written, %.1f MB (%lld bytes)\n", cmd, path,
                    (double)sb.st_size / 1e6, (long long)sb.st_size);
    }
    free(path);
    return status;
}

int pb_cli_game_cached(const char *cmd, const pb_ruleset *rules, const pb_policies *pol, const char *const *switches,
                       int nswitches, const char *dir, int threads, int lead_cap, pb_wp **w, int *solved)
{
    int st = pb_cli_game_values(cmd, rules, pol, switches, nswitches, NULL, dir, threads, lead_cap, w, solved);
    if (st != PB_EXIT_OK || !*solved)
        return st;
    char err[PB_ERR_MAX], *path = pb_cli_game_value_path(rules->name, switches, nswitches, pol, dir);
    pb_wp_free(*w);
    *w = NULL;
    if (!path)
        return pb_cli_error(cmd, "out of memory");
    st = pb_wp_file_read(w, path, rules, pol, pb_wp_lead_cap_for(rules, lead_cap), threads, err, sizeof err) != 0
             ? pb_cli_error(cmd, "%s", err)
             : PB_EXIT_OK;
    free(path);
    return st;
}

static int run_game(const char *cmd, const game_opts *o)
{
    int keep = o->keep >= 0 ? o->keep : full_bytes(&o->po.rules, o->lead_cap) <= 4.0 * (1u << 30);
    if (o->strategy_out)
        keep = 1;
    if (o->keep_last > 0)
        keep = 0;
    pb_wp *w = NULL;
    int status = solve(cmd, o, keep, o->keep_last, &w);
    if (status != PB_EXIT_OK)
        return status;
    char err[PB_ERR_MAX];
    if (pb_cli_rank() != 0) {   /* split over MPI's ranks: rank 0 writes and prints */
        pb_wp_free(w);
        return PB_EXIT_OK;
    }
    char *path = default_path(o, o->outdir);
    if (!path) {
        pb_wp_free(w);
        return pb_cli_error(cmd, "out of memory");
    }
    mkdir(o->outdir, 0777);
    if (pb_wp_file_write(w, path, err, sizeof err) != 0 ||
        (o->strategy_out && pb_wp_file_write(w, o->strategy_out, err, sizeof err) != 0))
        status = pb_cli_error(cmd, "%s", err);
    if (status == PB_EXIT_OK) {
        char deck[400];
        int have_deck = !o->po.nswitches && !o->po.policies.in_play_by_value &&
                        pb_cli_deck_line(o->po.rules.name, o->outdir, deck, sizeof deck) == 0;
        pb_solve_game_ctx ctx = {w, o->json, o->po.switches, o->po.nswitches, path, keep, o->keep_last,
                                 have_deck ? deck : NULL};
        status = pb_solve_game_print(stdout, &ctx);
    }
    free(path);
    pb_wp_free(w);
    return status;
}

/* Where `game` writes, made and checked before the solve (rank 0 alone): the --output directory,
 * the value file in it, and --strategy-out. */
static int output_writable(const char *cmd, const game_opts *o)
{
    const char *dir = o->outdir;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return pb_cli_error(cmd, "--output '%s': cannot make the directory: %s", dir, strerror(errno));
    if (access(dir, W_OK | X_OK) != 0)
        return pb_cli_error(cmd, "--output '%s': cannot write there: %s", dir, strerror(errno));
    char err[PB_ERR_MAX], *path = default_path(o, dir);
    if (!path)
        return pb_cli_error(cmd, "out of memory");
    int bad = pb_outfile_check(path, err, sizeof err);
    free(path);
    if (bad)
        return pb_cli_error(cmd, "--output: %s", err);
    if (o->strategy_out && pb_outfile_check(o->strategy_out, err, sizeof err) != 0)
        return pb_cli_error(cmd, "--strategy-out: %s", err);
    return PB_EXIT_OK;
}

/* The value file given, else the default one if it fits, else a solve keeping every state. With
 * a moment (solve wp), only what its answers read is read from the file (pb_wp_file_read_moment). */
static int load_or_solve(const char *cmd, const game_opts *o, const pb_wp_moment *m, pb_wp **w)
{
    char err[PB_ERR_MAX], *path = NULL;
    const char *from = o->values;
    if (!from) {
        path = default_path(o, "out");
        if (!path)
            return pb_cli_error(cmd, "out of memory");
        struct stat sb;
        if (stat(path, &sb) == 0)
            from = path;
    }
    *w = NULL;
    int rc = !from ? 0
             : m   ? pb_wp_file_read_moment(w, from, &o->po.rules, &o->po.policies, o->lead_cap, m, err, sizeof err)
                   : pb_wp_file_read(w, from, &o->po.rules, &o->po.policies, o->lead_cap, o->threads, err, sizeof err);
    if (rc != 0) {
        free(path);
        if (o->values)
            return pb_cli_error(cmd, "%s", err);
        fprintf(stderr, "paperbowl solve: %s; solving\n", err);
        *w = NULL;
        path = NULL;
    }
    free(path);
    return *w ? PB_EXIT_OK : solve(cmd, o, 1, 0, w);
}

static int run_wp(const char *cmd, const game_opts *o)
{
    pb_wp *w = NULL;
    pb_wp_moment m = {(pb_wp_kind)o->kind, o->half, o->left, 0, o->lead, o->to_own, o->to_opp, o->receives,
                      o->po.sit.togo, o->po.sit.down, o->po.sit.ytg};
    int status = load_or_solve(cmd, o, &m, &w);
    if (status == PB_EXIT_OK) {
        pb_solve_game_ctx ctx = {w, o->json, o->po.switches, o->po.nswitches, NULL, 0, 0, NULL};
        status = pb_solve_game_print_wp(stdout, &ctx, &m);
    }
    pb_wp_free(w);
    return status;
}

/* The checkpoints' spacing K for games layer by layer: about the square root of a half's layers,
 * which holds the fewest layers at once (the checkpoints and one stretch). */
static int layers_every(const game_opts *o)
{
    if (o->layers_every > 0)
        return o->layers_every;
    int n = 2 * o->po.rules.plays_per_quarter - 2, k = 1;
    while ((k + 1) * (k + 1) <= n)
        k++;
    return k;
}

/* The game solved for games layer by layer: its checkpoints kept (pb_wp_opts.checkpoint), solved
 * again stretch by stretch as the games go (pb_wp_lockstep_run). */
static int solve_by_layer(const char *cmd, const game_opts *o, pb_wp **w)
{
    const pb_ruleset *rs = &o->po.rules;
    int K = layers_every(o), P = 2 * rs->plays_per_quarter;
    double h1 = kept_bytes(rs, o->lead_cap, 2, 1), h2 = kept_bytes(rs, o->lead_cap, 1, 1);
    double marks = (double)((P - 3) / K + 1), stretch = K > 2 * extra_plays(rs) + 3 ? K : 2 * extra_plays(rs) + 3;
    double gib = (marks * (h1 + h2) + stretch * h1) / (1u << 30);
    int runs = (o->paired ? 2 : 1) + o->nalso;   /* the games of each start (and deck) side by side */
    double each = (double)(o->games < (1 << 20) / runs ? o->games : (1 << 20) / runs);
    double games = each * runs * sizeof(pb_sim_game) / (1u << 30);
    double sec = pb_wp_solve_estimate(rs, &o->po.policies, o->lead_cap, o->threads);
    char about[48] = "";
    if (sec >= 30)
        snprintf(about, sizeof about, "about %.0f min for both solves on this machine, ", 2 * sec / 60);
    else if (sec >= 0)
        snprintf(about, sizeof about, "under a minute for both solves, ");
    fprintf(stderr, "paperbowl solve: the games layer by layer: the game solved, then solved again a stretch of %d "
                    "layers at a time as the games go (%s%.1f GiB of layers and %.1f GiB of games at once)\n", K,
            about, gib, games);
    pb_wp_opts wo = {rs, o->po.policies, o->threads, o->lead_cap, 0, NULL, 0, K};
    char err[512];
    if (pb_wp_solve(w, &wo, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    return PB_EXIT_OK;
}

/* Games layer by layer solve the game again: is it the solve of the value file at hand? Its
 * value at the games' start, bit for bit, said on stderr either way. */
static int same_as_file(const char *cmd, const game_opts *o, const char *path, const pb_wp_moment *m,
                        const pb_wp_value *v)
{
    pb_wp *fw = NULL;
    pb_wp_value fv;
    char err[512];
    if (pb_wp_file_read_moment(&fw, path, &o->po.rules, &o->po.policies, o->lead_cap, m, err, sizeof err) != 0 ||
        pb_wp_value_at(fw, m, &fv, err, sizeof err) != 0) {
        pb_wp_free(fw);
        return pb_cli_error(cmd, "%s", err);
    }
    pb_wp_free(fw);
    if (fv.wp == v->wp && fv.bound == v->bound)
        fprintf(stderr, "paperbowl solve: solved again, the same as %s (its value at the start %.9f +- %.3g, bit for bit)\n",
                path, v->wp, v->bound);
    else
        fprintf(stderr, "paperbowl solve: solved again, and %s differs: %.9f +- %.3g there, %.9f +- %.3g here (another "
                        "build's or version's solve?); the games play this solve\n", path, fv.wp, fv.bound, v->wp, v->bound);
    return PB_EXIT_OK;
}

/* One run's result for the team it is about (the opening kicker; from a moment the home team):
 * P(win) + P(tie) / 2 and its standard error. */
static void run_result(const pb_sim_totals *t, int home, double *mean, double *se)
{
    double n = (double)t->games, wins = home ? (double)t->wins[0] : (double)t->kicker_wins;
    double ties = home ? (double)t->ties : (double)t->kicker_ties, m2 = (wins + 0.25 * ties) / n;
    *mean = (wins + 0.5 * ties) / n;
    *se = sqrt((m2 - *mean * *mean) / n);
}

/* The --also-from moments' results (the team with the ball at each): the solver's value, the
 * simulator's, SE and z; as a JSON member "also" (json) or a line each. */
static void print_also(const game_opts *o, const pb_sim_totals *t, const pb_wp_value *va, int json)
{
    if (o->nalso == 0)
        return;
    if (json)
        printf(",\"also\":[");
    for (int k = 0; k < o->nalso; k++) {
        const pb_game_view *a = &o->also[k];
        double n = (double)t[k].games, mean, se;
        run_result(&t[k], 1, &mean, &se);
        double z = se > 0 ? (mean - va[k].wp) / se : 0;
        if (json)
            printf("%s{\"half\":%d,\"left\":%d,\"lead\":%d,\"togo\":%d,\"down\":%d,\"ytg\":%d,\"timeouts\":[%d,%d],"
                   "\"receives\":%s,\"solver\":%.9f,\"bound\":%.3g,\"sim\":%.9f,\"se\":%.3g,\"z\":%.3f,\"games\":%.0f}",
                   k ? "," : "", a->half, a->left, a->lead, a->togo, a->down, a->ytg, a->timeouts_own, a->timeouts_opp,
                   a->receives_second_half ? "true" : "false", va[k].wp, va[k].bound, mean, se, z, n);
        else
            printf("also from half %d, %d card%s left, lead %+d, down %d and %d at togo %d, timeouts %d,%d%s, the team with the "
                   "ball: solver %.6f (+- %.2g); simulator %.6f (SE %.6f, %.0f games); z = %+.2f\n", a->half, a->left,
                   a->left == 1 ? "" : "s", a->lead, a->down, a->ytg, a->togo, a->timeouts_own, a->timeouts_opp,
                   a->half == 1 ? (a->receives_second_half ? ", receives" : ", kicks") : "", va[k].wp, va[k].bound, mean,
                   se, n, z);
    }
    if (json)
        printf("]");
}

/* solve check --paired: the same games under the uniform card and the real deck on common random
 * numbers, layer by layer; each deck's result, the real deck's difference with its paired standard
 * error (and the two runs' own combined, which pairing beats), and the coin toss's call under the
 * real deck: the solver's margin plus twice the difference, at 3 SE. */
static int check_paired(const char *cmd, const game_opts *o, pb_wp *w, const pb_sim_config *base, const pb_wp_value *v,
                        const pb_wp_value *va)
{
    pb_sim_config cfg[10];   /* the two decks, then the --also-from moments (the uniform card, not paired) */
    cfg[0] = cfg[1] = *base;
    cfg[0].uniform_cards = true;
    cfg[1].uniform_cards = false;
    cfg[0].paired_streams = cfg[1].paired_streams = true;
    for (int k = 0; k < o->nalso; k++) {
        cfg[2 + k] = *base;
        cfg[2 + k].start = &o->also[k];
    }
    pb_sim_totals *t = malloc((size_t)(2 + o->nalso) * sizeof *t);
    pb_wp_pairs pr;
    char err[512];
    if (!t)
        return pb_cli_error(cmd, "out of memory");
    int ran = pb_wp_lockstep_run(w, cfg, 2 + o->nalso, t, &pr, err, sizeof err);
    pb_cli_progress_clear();
    if (ran != 0) {
        free(t);
        return pb_cli_error(cmd, "%s", err);
    }
    int home = o->from_moment;
    double mu, su, mr, sr, n = (double)pr.n;
    run_result(&t[0], home, &mu, &su);
    run_result(&t[1], home, &mr, &sr);
    /* the pairs count in half points: a result is 2, 1 or 0 */
    double d = 0.5 * (double)pr.sum / n, d2 = 0.25 * (double)pr.sum2 / n, sd = sqrt((d2 - d * d) / n);
    double zu = su > 0 ? (mu - v->wp) / su : 0, indep = sqrt(su * su + sr * sr);
    /* the toss: kick minus receive from the opening kicker's value x is 2x - 1 */
    double margin = 2 * v->wp - 1, real = margin + 2 * d, rse = 2 * sd;
    const char *call = o->from_moment ? NULL
                       : real - 3 * rse > 0 ? "kick off" : real + 3 * rse < 0 ? "receive" : NULL;
    if (o->json) {
        printf("{\"solver\":%.9f,\"bound\":%.3g,\"games\":%.0f,\"uniform\":{\"sim\":%.9f,\"se\":%.3g,\"z\":%.3f},"
               "\"real\":{\"sim\":%.9f,\"se\":%.3g},\"diff\":%.9f,\"diff_se\":%.3g,\"diff_se_independent\":%.3g",
               v->wp, v->bound, n, mu, su, zu, mr, sr, d, sd, indep);
        if (!o->from_moment)
            printf(",\"toss\":{\"solver\":%.9f,\"real\":%.9f,\"real_se\":%.3g,\"real_call\":\"%s\"}", margin, real, rse,
                   call ? call : "undecided");
        print_also(o, t + 2, va, 1);
        printf("}\n");
        free(t);
        return PB_EXIT_OK;
    }
    const char *who = o->from_moment ? "the team with the ball at the moment" : "opening kickoff, kicking team";
    printf("%s: solver %.6f (+- %.2g), the uniform card\n", who, v->wp, v->bound);
    printf("  uniform card:   simulator %.6f (SE %.6f, %.0f games); z = %+.2f\n", mu, su, n, zu);
    printf("  real deck:      simulator %.6f (SE %.6f, the same games dealt the rulebook's decks)\n", mr, sr);
    printf("  real - uniform: %+.6f (paired SE %.6f; the two runs' own SEs would give %.6f)\n", d, sd, indep);
    if (!o->from_moment)
        printf("  the coin toss, kick off minus receive: %+.6f (+- %.2g) under the uniform card; under the real deck "
               "%+.6f (SE %.6f): %s\n", margin, 2 * v->bound, real, rse,
               call ? call : "undecided at 3 SE");
    print_also(o, t + 2, va, 0);
    free(t);
    return PB_EXIT_OK;
}

static void check_progress(void *self, uint64_t done, uint64_t total)
{
    (void)self;
    pb_cli_progress("simulating games", (double)done, (double)total);
}

static int run_check(const char *cmd, const game_opts *o)
{
    pb_wp *w = NULL;
    char err[512];
    const pb_ruleset *rs = &o->po.rules;
    int P = 2 * rs->plays_per_quarter, T = rs->sw.timeouts;
    pb_wp_moment m = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    if (o->from_moment)   /* the home team has the ball at the moment */
        m = (pb_wp_moment){PB_WP_SNAP, o->half, o->left, 0, o->lead, o->to_own, o->to_opp, o->receives,
                           o->po.sit.togo, o->po.sit.down, o->po.sit.ytg};
    /* a file that keeps too little for the decider: refused from its header, before its tables */
    char *def = o->values ? NULL : default_path(o, "out");
    struct stat sb;
    const char *from = o->values ? o->values : def && stat(def, &sb) == 0 ? def : NULL;
    int all = 0, last = 0, kept = from && pb_wp_file_kept(from, rs, &o->po.policies, o->lead_cap, &all, &last, err,
                                                          sizeof err) == 0;
    if (o->values && !kept) {   /* a file named but not readable: said, never passed over for a solve */
        free(def);
        return pb_cli_error(cmd, "%s", err);
    }
    /* layer by layer: asked for, or chosen where the file keeps too little for the games to read
     * it at the simulator's speed (a headline file: every later down recomputed, seconds a game) */
    int fits = kept && (all || (o->from_moment && (m.half == 3 || (m.half == 2 && m.left <= last))));
    int by_layer = o->layers == 1 || o->paired ||
                   (o->layers < 0 && !fits && (o->games >= 2000 || (!from && full_bytes(rs, o->lead_cap) > 4.0 * (1u << 30))));
    if (kept && !by_layer &&
        pb_wp_decider_fits(all, last, o->po.policies.in_play_by_value, o->from_moment ? &m : NULL, err,
                           sizeof err) != 0) {
        int st = pb_cli_error(cmd, "%s: %s", from, err);
        free(def);
        return st;
    }
    char file[4096];   /* the file at hand, for games layer by layer to compare their solve with */
    snprintf(file, sizeof file, "%s", kept ? from : "");
    free(def);
    int status = by_layer ? solve_by_layer(cmd, o, &w) : load_or_solve(cmd, o, NULL, &w);
    if (status != PB_EXIT_OK)
        return status;
    pb_game_decider dec;
    pb_wp_value v;
    if (pb_wp_decider_init_from(&dec, w, o->from_moment ? &m : NULL, err, sizeof err) != 0) {
        pb_wp_free(w);
        return pb_cli_error(cmd, "%s", err);
    }
    if (pb_wp_value_at(w, &m, &v, err, sizeof err) != 0) {
        pb_wp_free(w);
        return pb_cli_error(cmd, "%s", err);
    }
    if (by_layer && kept && same_as_file(cmd, o, file, &m, &v) != PB_EXIT_OK) {
        pb_wp_free(w);
        return PB_EXIT_USAGE;
    }
    pb_game_view start = {o->half, o->left, 0, o->lead, o->to_own, o->to_opp, o->receives != 0,
                          o->po.sit.togo, o->po.sit.down, o->po.sit.ytg, 0};
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), rs, &o->po.policies);
    pb_strategy st;
    pb_sim_totals *t = malloc((size_t)(1 + o->nalso) * sizeof *t);
    pb_wp_value va[8];   /* the solver's value at each --also-from moment */
    for (int k = 0; k < o->nalso; k++) {
        const pb_game_view *a = &o->also[k];
        pb_wp_moment mk = {PB_WP_SNAP, a->half, a->left, 0, a->lead, a->timeouts_own, a->timeouts_opp,
                           a->receives_second_half, a->togo, a->down, a->ytg};
        if (pb_wp_value_at(w, &mk, &va[k], err, sizeof err) != 0) {
            pb_sim_eval_free(memo);
            free(t);
            pb_wp_free(w);
            return pb_cli_error(cmd, "--also-from: %s", err);
        }
    }
    if (!memo || !t || pb_strategy_load(&st, PB_STRATEGY_DEFAULT, err, sizeof err) != 0) {
        pb_sim_eval_free(memo);
        free(t);
        pb_wp_free(w);
        return pb_cli_error(cmd, "out of memory");
    }
    pb_deviator dev;
    if (o->deviate >= 0)
        pb_deviator_init(&dev, &dec, (pb_deviation)o->deviate, rs->downs);
    pb_sim_config cfg = {rs, o->po.policies, pb_sim_eval_evaluator(memo), pb_sim_eval_decider(memo),
                         pb_sim_eval_return_decider(memo), {&st, &st}, (uint64_t)o->seed, (uint64_t)o->games,
                         o->threads, pb_cli_progress_enabled() ? check_progress : NULL, NULL, false, 0, 1, 1, false,
                         !o->real_deck,
                         {o->deviate >= 0 ? &dev.as_decider : &dec, &dec}, o->from_moment ? &start : NULL, false, 0};
    if (dec.in_play)   /* both teams decide in play by value: the policies' answers are not asked for */
        cfg.eval = NULL;
    if (o->paired) {   /* both decks on common random numbers, side by side */
        status = check_paired(cmd, o, w, &cfg, &v, va);
        pb_strategy_release(&st);
        pb_sim_eval_free(memo);
        free(t);
        pb_wp_free(w);
        return status;
    }
    pb_sim_config cfgs[9];
    cfgs[0] = cfg;
    for (int k = 0; k < o->nalso; k++) {
        cfgs[1 + k] = cfg;
        cfgs[1 + k].start = &o->also[k];
    }
    int ran = by_layer ? pb_wp_lockstep_run(w, cfgs, 1 + o->nalso, t, NULL, err, sizeof err)
                       : pb_sim_run(&cfg, t, err, sizeof err);
    pb_cli_progress_clear();
    if (ran != 0) {
        status = pb_cli_error(cmd, "%s", err);
    } else {
        /* whose result: the opening kicker; from a moment or deviating, the home team */
        int home = o->from_moment || o->deviate >= 0;
        double n = (double)t->games, mean, se;
        run_result(t, home, &mean, &se);
        double ref = o->deviate >= 0 && !o->from_moment ? 0.5 : v.wp, pts = 0, plays = 0;
        for (int team = 0; team < 2; team++) {
            pts += (double)t->stat[team][PB_STAT_POINTS];
            plays += (double)t->stat[team][PB_STAT_SNAPS];
        }
        double z = se > 0 ? (mean - ref) / se : 0;
        const char *cards = o->real_deck ? "dealt" : "uniform";
        char from[160] = "opening kickoff, kicking team";
        if (o->from_moment)
            snprintf(from, sizeof from, "half %d, %d card%s left, lead %+d, down %d and %d at togo %d, timeouts %d,%d%s: "
                     "the team with the ball", o->half, o->left, o->left == 1 ? "" : "s", o->lead, o->po.sit.down, o->po.sit.ytg,
                     o->po.sit.togo, o->to_own, o->to_opp, o->half == 1 ? (o->receives ? ", receives" : ", kicks") : "");
        if (o->json) {
            printf("{\"solver\":%.9f,\"bound\":%.3g,\"sim\":%.9f,\"se\":%.3g,\"z\":%.3f,\"games\":%.0f,"
                   "\"points_per_game\":%.4f,\"plays_per_game\":%.4f,\"cards\":\"%s\",\"deviate\":\"%s\"",
                   ref, o->deviate >= 0 && !o->from_moment ? 0.0 : v.bound, mean, se, z, n, pts / n, plays / n,
                   o->real_deck ? "deck" : "uniform", o->deviate >= 0 ? pb_deviation_name((pb_deviation)o->deviate) : "none");
            print_also(o, t + 1, va, 1);
            printf("}\n");
        } else if (o->deviate >= 0)
            printf("%s%s deviating (%s), the other solved: %.6f (SE %.6f, %.0f games, %s cards); solved play is worth "
                   "%.6f%s; z = %+.2f%s\n", o->from_moment ? from : "home team",
                   o->from_moment ? "," : "", pb_deviation_name((pb_deviation)o->deviate), mean, se, n, cards, ref,
                   o->from_moment ? "" : " before the coin toss", z,
                   z > 4 ? "  (the deviation does better: the solved strategy is not an equilibrium)" : "");
        else
            printf("%s: solver %.6f (+- %.2g); simulator %.6f (SE %.6f, %.0f games, %s cards); z = %+.2f\n"
                   "points per game %.3f, plays from scrimmage per game %.3f%s\n",
                   from, v.wp, v.bound, mean, se, n, cards, z, pts / n, plays / n, o->from_moment ? " (from the moment)" : "");
        if (!o->json)
            print_also(o, t + 1, va, 0);
    }
    pb_strategy_release(&st);
    pb_sim_eval_free(memo);
    free(t);
    pb_wp_free(w);
    return status;
}

int pb_cli_solve_game(int argc, char **argv)
{
    const char *cmd = "solve";
    game_opts o;
    memset(&o, 0, sizeof o);
    o.deviate = -1;
    int status, parsed = parse(cmd, argc, argv, &o, &status);
    if (parsed == 0 && !o.wp && !o.check && pb_cli_rank() == 0)
        status = output_writable(cmd, &o);
    char opts[2 * 4096 + 128];   /* over MPI's ranks: one that failed here, or read other inputs, stops them all */
    snprintf(opts, sizeof opts, "--lead-cap %d, keep %d, --full-last %d, --output %s, --strategy-out %s",
             o.lead_cap, o.keep, o.keep_last, o.outdir ? o.outdir : "-", o.strategy_out ? o.strategy_out : "-");
    status = pb_cli_agree_inputs(cmd, status, parsed == 0 ? &o.po.rules : NULL, NULL, &o.po.policies, opts);
    if (parsed != 0 || status != PB_EXIT_OK)
        return status;
    status = o.wp ? run_wp(cmd, &o) : o.check ? run_check(cmd, &o) : run_game(cmd, &o);
    pb_enum_cache_clear();
    return status;
}
