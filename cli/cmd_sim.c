/* cli/cmd_sim.c: `paperbowl sim`: play whole games and print what happened in them.
 * Results on stdout only; a progress bar on stderr when it is a terminal. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"
#include "textfile.h"
#include "cli_progress.h"
#include "sim.h"
#include "strategy.h"
#include "wp_decider.h"
#include "wp_file.h"

/* The exact evaluator for "best" policies, when the enumerator is linked in. */
extern const pb_evaluator *pb_enum_evaluator(void) __attribute__((weak));

static const char usage[] =
    "usage: paperbowl sim [--games N] [--seed S] [--home STRATEGY] [--away STRATEGY] [OPTIONS]\n"
    "       paperbowl sim --drive --togo T [--down D] [--ytg Y] [--games N] [OPTIONS]\n\n"
    "Plays whole games of PAPER BOWL by the rulebook and prints points, margins, drives, kicks\n"
    "and how safe a lead is. Game i uses the random stream (seed, i): the output is the same for\n"
    "any --threads.\n\n"
    "  --games N            games to play (default 10000)\n"
    "  --seed S             random seed, 0..2^64-1 (default 1)\n"
    "  --home STRATEGY      the home team's strategy: coach (default), uniform, always-run, or a file\n"
    "  --away STRATEGY      the away team's strategy (default coach)\n"
    "  --threads N          worker threads (default: " PB_CLI_CPUS ")\n"
    "  --json               print the summary as JSON\n"
    "  --log FILE           write a play-by-play of the first games to FILE\n"
    "  --log-games N        how many games --log writes (default 1)\n"
    "  --evaluator exact|none  the exact evaluator for the 'best' policies (default exact); with\n"
    "                       none, 'best' never takes a card timeout and always returns kicks\n"
    "  --ruleset NAME|FILE  ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --switch ID=VALUE    flip a switch of the ruleset (repeatable)\n"
    "  --policy LIST        decision policies inside a play, e.g. challenge=never,timeout=always\n"
    "                       (challenge, timeout: best|always|never; penalty: best|accept|decline;\n"
    "                        return: best|return|touchback; default best for all)\n"
    "  --drive              drive mode: each game is one drive chain from --togo/--down/--ytg, the\n"
    "                       home team with the ball, no clock (a play card drawn from the 24 at\n"
    "                       every snap, full timeouts at every snap), until the first score; prints\n"
    "                       the mean signed next-score points (home - away) and its standard error\n"
    "  --togo N, --down N, --ytg N  the drive's start (--togo required; down 1, ytg min(10, togo))\n"
    "  --deck uniform|real  the play cards: real, the rulebook's deal (each quarter and the overtime:\n"
    "                       4 of the 24 set aside at random for the extra plays, the other 20 turned\n"
    "                       without replacement; default for whole games), or uniform, each snap's\n"
    "                       card drawn from the 24 with replacement, the clock unchanged (the\n"
    "                       solver's model; default with --drive, whose real deck is dealt again\n"
    "                       when used up, each chain starting at a random card of a fresh deal)\n"
    "  --real-deck          with --drive: the same as --deck real\n"
    "  --uniform-cards      whole games: the same as --deck uniform\n"
    "Strategy files: see doc/sim.md. Embedded strategies: coach, uniform, always-run.\n";

/* ---- progress bar ---- */

typedef struct {
    bool shown;
} progress_state;

static void progress(void *self, uint64_t done, uint64_t total)
{
    progress_state *p = self;
    pb_cli_progress("simulating games", (double)done, (double)total);
    p->shown = true;
}

static void progress_clear(progress_state *p)
{
    if (p->shown)
        pb_cli_progress_clear();
}

/* ---- the command ---- */

/* Is `path` a game solver's value file ('solve game --strategy-out')? */
static bool is_value_file(const char *path)
{
    char head[8] = {0};
    char err[PB_ERR_MAX];
    FILE *f = pb_open_regular(path, err, sizeof err);   /* never a FIFO's blocking read */
    if (!f)
        return false;
    bool yes = fread(head, 1, 7, f) == 7 && memcmp(head, "PBWP ", 5) == 0;
    fclose(f);
    return yes;
}

/* A solved game as the team's coach: the value file read for this ruleset and policies. */
static int load_solved(const char *cmd, const char *option, const char *path, const pb_ruleset *rules,
                       const pb_policies *pol, int threads, pb_wp **w, pb_game_decider *d)
{
    char err[PB_ERR_MAX];
    int all = 0, last = 0;   /* (what the file keeps, from its header: refused before its tables are built) */
    if (pb_wp_file_kept(path, rules, pol, 0, &all, &last, err, sizeof err) == 0 &&
        pb_wp_decider_fits(all, last, pol->in_play_by_value, NULL, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s: %s: %s", option, path, err);
        return -1;
    }
    if (pb_wp_file_read(w, path, rules, pol, 0, threads, err, sizeof err) != 0 ||
        pb_wp_decider_init(d, *w, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s: %s", option, err);
        return -1;
    }
    return 0;
}

static int load_strategy(const char *cmd, const char *option, const char *name, pb_strategy *out)
{
    if (is_value_file(name))
        name = PB_STRATEGY_DEFAULT;   /* the decider makes every choice; the strategy names nothing */
    char err[PB_ERR_MAX];
    if (pb_strategy_load(out, name, err, sizeof err) != 0) {
        pb_cli_error(cmd, "%s: %s", option, err);
        return -1;
    }
    return 0;
}

static int write_log(const char *cmd, const char *path, const pb_sim_config *cfg, uint64_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return pb_cli_error(cmd, "--log: out of memory");
    char err[256];
    int rc = pb_sim_log(mem, cfg, 0, n, err, sizeof err);
    if (fclose(mem) != 0 && rc == 0) {
        snprintf(err, sizeof err, "out of memory");
        rc = -1;
    }
    if (rc != 0) {
        free(text);
        return pb_cli_error(cmd, "--log: %s", err);
    }
    if (pb_write_text_file(path, text, len) != 0) {
        int e = errno;
        free(text);
        return pb_cli_error(cmd, "--log: cannot write '%s': %s", path, strerror(e));
    }
    free(text);
    return 0;
}

int cmd_sim(int argc, char **argv)
{
    enum { O_GAMES = 1000, O_SEED, O_HOME, O_AWAY, O_THREADS, O_JSON, O_LOG, O_LOG_GAMES, O_EVAL, O_RULESET,
           O_SWITCH, O_POLICY, O_DRIVE, O_TOGO, O_DOWN, O_YTG, O_DRIVE_DECK, O_UNIFORM_CARDS, O_DECK };
    static const struct option options[] = {
        {"games", required_argument, NULL, O_GAMES}, {"seed", required_argument, NULL, O_SEED},
        {"home", required_argument, NULL, O_HOME}, {"away", required_argument, NULL, O_AWAY},
        {"threads", required_argument, NULL, O_THREADS}, {"json", no_argument, NULL, O_JSON},
        {"log", required_argument, NULL, O_LOG}, {"log-games", required_argument, NULL, O_LOG_GAMES},
        {"evaluator", required_argument, NULL, O_EVAL}, {"ruleset", required_argument, NULL, O_RULESET},
        {"switch", required_argument, NULL, O_SWITCH}, {"policy", required_argument, NULL, O_POLICY},
        {"drive", no_argument, NULL, O_DRIVE}, {"togo", required_argument, NULL, O_TOGO},
        {"down", required_argument, NULL, O_DOWN}, {"ytg", required_argument, NULL, O_YTG},
        {"real-deck", no_argument, NULL, O_DRIVE_DECK}, {"uniform-cards", no_argument, NULL, O_UNIFORM_CARDS},
        {"deck", required_argument, NULL, O_DECK},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    const char *cmd = "sim";
    uint64_t games = 10000, seed = 1, log_games = 1, threads = 0, togo = 0, down = 0, ytg = 0;
    bool drive = false, drive_deck = false, uniform_cards = false, deck_real = false;
    int deck_given = 0;
    const char *home = PB_STRATEGY_DEFAULT, *away = PB_STRATEGY_DEFAULT, *ruleset = PB_RULESET_DEFAULT;
    const char *log = NULL, *switches[32];
    int nswitches = 0;
    bool json = false, use_eval = true, log_games_given = false;
    pb_policies policies;
    memset(&policies, 0, sizeof policies);
    char err[PB_ERR_MAX];
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    int opt;
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_GAMES:
            if (pb_cli_u64(cmd, "--games", g.arg, 1, UINT64_C(1) << 40, &games) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SEED:
            if (pb_cli_u64(cmd, "--seed", g.arg, 0, UINT64_MAX, &seed) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_HOME:
            home = g.arg;
            break;
        case O_AWAY:
            away = g.arg;
            break;
        case O_THREADS:
            if (pb_cli_u64(cmd, "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_JSON:
            json = true;
            break;
        case O_LOG:
            log = g.arg;
            break;
        case O_LOG_GAMES:
            if (pb_cli_u64(cmd, "--log-games", g.arg, 1, 100000, &log_games) != 0)
                return PB_EXIT_USAGE;
            log_games_given = true;
            break;
        case O_EVAL:
            if (strcmp(g.arg, "exact") == 0)
                use_eval = true;
            else if (strcmp(g.arg, "none") == 0)
                use_eval = false;
            else
                return pb_cli_error(cmd, "--evaluator: '%s' is not exact or none", g.arg);
            break;
        case O_RULESET:
            ruleset = g.arg;
            break;
        case O_SWITCH:
            if (nswitches >= (int)(sizeof switches / sizeof switches[0]))
                return pb_cli_error(cmd, "--switch: too many");
            switches[nswitches++] = g.arg;
            break;
        case O_POLICY:
            if (pb_cli_policies(cmd, g.arg, &policies) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DRIVE:
            drive = true;
            break;
        case O_DRIVE_DECK:
            drive_deck = true;
            break;
        case O_UNIFORM_CARDS:
            uniform_cards = true;
            break;
        case O_DECK:
            if (pb_cli_deck(cmd, g.arg, &deck_given, &deck_real) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_TOGO:
            if (pb_cli_u64(cmd, "--togo", g.arg, 1, 99, &togo) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_DOWN:
            if (pb_cli_u64(cmd, "--down", g.arg, 1, 10 /* a ruleset's most; checked below */, &down) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_YTG:
            if (pb_cli_u64(cmd, "--ytg", g.arg, 1, 99, &ytg) != 0)
                return PB_EXIT_USAGE;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (!drive && (togo || down || ytg))
        return pb_cli_error(cmd, "--%s goes with --drive", togo ? "togo" : down ? "down" : "ytg");
    if (drive_deck && !drive)
        return pb_cli_error(cmd, "--real-deck goes with --drive");
    if (uniform_cards && drive)
        return pb_cli_error(cmd, "--uniform-cards is for whole games: --drive draws each snap's card from the 24 "
                                 "already (--real-deck for the deck)");
    if (deck_given && ((drive_deck && !deck_real) || (uniform_cards && deck_real)))
        return pb_cli_error(cmd, "--deck %s contradicts --%s", deck_real ? "real" : "uniform",
                            drive_deck ? "real-deck" : "uniform-cards");
    if (deck_given) {  /* whole games deal the real deck unless told; a drive draws uniform cards */
        drive_deck = drive && deck_real;
        uniform_cards = !drive && !deck_real;
    }
    if (drive && !togo)
        return pb_cli_error(cmd, "--drive needs --togo N (the yards to the goal line, 1..99)");
    if (drive && ytg > togo)
        return pb_cli_error(cmd, "--ytg: %" PRIu64 " is more than --togo (%" PRIu64 "): the line to gain is past the goal line",
                            ytg, togo);
    if (log_games_given && !log)
        return pb_cli_error(cmd, "--log-games goes with --log FILE");
    if (log && log_games > games)
        return pb_cli_error(cmd, "--log-games: %" PRIu64 " is more than --games (%" PRIu64 ")", log_games, games);
    if (log && pb_outfile_check(log, err, sizeof err) != 0)   /* before any work */
        return pb_cli_error(cmd, "--log: %s", err);

    pb_ruleset *rules = malloc(sizeof *rules);
    if (!rules)
        return pb_cli_error(cmd, "out of memory");
    if (pb_cli_ruleset(cmd, ruleset, rules) != 0) {
        free(rules);
        return PB_EXIT_USAGE;
    }
    for (int i = 0; i < nswitches; i++) {
        if (pb_switch_apply(rules, switches[i], err, sizeof err) != 0) {
            free(rules);
            return pb_cli_error(cmd, "--switch: %s", err);
        }
        /* the reports name the ruleset by its source: say what was flipped */
        size_t used = strlen(rules->source);
        snprintf(rules->source + used, sizeof rules->source - used, "%s%s", i ? "," : " with ", switches[i]);
    }
    if (drive && down > (uint64_t)rules->downs) {
        pb_cli_error(cmd, "--down: %" PRIu64 " is out of range (1..%d)", down, rules->downs);
        free(rules);
        return PB_EXIT_USAGE;
    }
    if (drive && !ytg)
        ytg = togo < (uint64_t)rules->first_down_yards ? togo : (uint64_t)rules->first_down_yards;
    pb_strategy st[2];
    if (load_strategy(cmd, "--home", home, &st[PB_HOME]) != 0) {
        free(rules);
        return PB_EXIT_USAGE;
    }
    if (load_strategy(cmd, "--away", away, &st[PB_AWAY]) != 0) {
        pb_strategy_release(&st[PB_HOME]);
        free(rules);
        return PB_EXIT_USAGE;
    }

    pb_wp *solved[2] = {NULL, NULL};
    pb_game_decider deciders[2];
    const char *names[2] = {home, away}, *opts[2] = {"--home", "--away"};
    for (int t = 0; t < 2; t++)
        if (is_value_file(names[t]) &&
            load_solved(cmd, opts[t], names[t], rules, &policies, (int)(threads ? threads : 2), &solved[t],
                        &deciders[t]) != 0) {
            pb_wp_free(solved[0]);
            pb_strategy_release(&st[PB_HOME]);
            pb_strategy_release(&st[PB_AWAY]);
            free(rules);
            return PB_EXIT_USAGE;
        }

    pb_sim_eval *memo = NULL;
    if (use_eval && pb_enum_evaluator) {
        memo = pb_sim_eval_create(pb_enum_evaluator(), rules, &policies);
        if (!memo) {
            pb_strategy_release(&st[PB_HOME]);
            pb_strategy_release(&st[PB_AWAY]);
            free(rules);
            return pb_cli_error(cmd, "out of memory");
        }
    }
    if (threads == 0)
        threads = (uint64_t)pb_workers_default();
    progress_state ps = {false};
    pb_sim_config cfg = {rules, policies, memo ? pb_sim_eval_evaluator(memo) : NULL,
                         memo ? pb_sim_eval_decider(memo) : NULL, memo ? pb_sim_eval_return_decider(memo) : NULL,
                         {&st[PB_HOME], &st[PB_AWAY]},
                         seed, games, (int)threads, pb_cli_progress_enabled() ? progress : NULL, &ps,
                         drive, (int)togo, down ? (int)down : 1, (int)ytg, drive_deck, uniform_cards,
                         {solved[PB_HOME] ? &deciders[PB_HOME] : NULL, solved[PB_AWAY] ? &deciders[PB_AWAY] : NULL},
                         NULL, false, 0};

    int rc = PB_EXIT_OK;
    pb_sim_totals *totals = malloc(sizeof *totals);
    if (!totals) {
        rc = pb_cli_error(cmd, "out of memory");
    } else if (pb_sim_run(&cfg, totals, err, sizeof err) != 0) {
        progress_clear(&ps);
        rc = pb_cli_error(cmd, "%s", err);
    } else {
        progress_clear(&ps);
        if (log)
            rc = write_log(cmd, log, &cfg, log_games);
        if (rc == PB_EXIT_OK) {
            if (json) {
                if ((drive ? pb_sim_drive_report_json : pb_sim_report_json)(stdout, &cfg, totals) != 0)
                    rc = pb_cli_error(cmd, "out of memory");
            } else {
                (drive ? pb_sim_drive_report_text : pb_sim_report_text)(stdout, &cfg, totals);
            }
            pb_cli_stdout_flush();   /* (a failed write: pb_cli_stdout_close says so, status 2) */
        }
    }
    free(totals);
    pb_sim_eval_free(memo);
    pb_wp_free(solved[PB_HOME]);
    pb_wp_free(solved[PB_AWAY]);
    pb_strategy_release(&st[PB_HOME]);
    pb_strategy_release(&st[PB_AWAY]);
    free(rules);
    return rc;
}
