/* cli/main.c: the command table and its dispatch, pb_cli_main (cli.h): maps a subcommand name to
 * its cmd_* function. Both mains call it: paperbowl.c (one process) and mpi/paperbowl_mpi.c (MPI,
 * after it has checked the command is one that runs there). Each module owns its subcommands in
 * one file (cli/cmd_roll.c, cli/cmd_dist.c, ...). Commands are linked weakly so that a library
 * built without one still links and says so. */
#include <stdio.h>
#include <malloc.h>
#include <string.h>

#include "cli.h"
#include "cli_progress.h"
#include "ctl_escape.h"

#ifndef PB_VERSION
#define PB_VERSION "unknown"  /* the Makefile passes its VERSION */
#endif

#define PB_COMMANDS(X)                                                                          \
    X(roll, "resolve one play or kick with the given dice, step by step")                      \
    X(rules, "show the ruleset in effect, or list its switches")                               \
    X(dist, "exact distribution of one play's outcomes")                                       \
    X(grid, "exact summaries of every cell (offense x defense x card x togo, special teams)")   \
    X(sim, "simulate whole games")                                                             \
    X(verify, "cross-check, switch impact, findings")                                          \
    X(diff, "exact differences between two rulesets")                                          \
    X(tables, "write the rulebook tables and the report")                                      \
    X(ask, "answer a designer's question exactly")                                         \
    X(tune, "which rule values give a target: a sweep, a bisection, a balance")              \
    X(serve, "the designer's workbench: a local web page that edits a ruleset live")          \
    X(solve, "equilibrium play: drive expected points (solve ep|state|fourth|special|cards) and the\n"     \
             "            whole game's win probability (solve game|wp|check)") \
    X(soccer, "Masume Soccer TACTICS: kicks, charges, PKs exactly\n"                              \
              "            (soccer table|dist|roll|shootout|switches|impact|diff|check|report)")          \
    X(carriers, "Carriers!!: interceptions, conversions, injuries exactly\n"                       \
                "            (carriers table|chart|intercept|roll|switches|impact|diff|check)")         \
    X(cardgame, "the football card-game draft: the deal exactly, the rule-logic findings\n"        \
                "            (cardgame table|findings|switches|sim)")

#define DECLARE(name, summary) int cmd_##name(int argc, char **argv) __attribute__((weak));
PB_COMMANDS(DECLARE)
#undef DECLARE

typedef struct {
    const char *name;
    const char *summary;
} command;

static const command commands[] = {
#define ENTRY(name, summary) {#name, summary},
    PB_COMMANDS(ENTRY)
#undef ENTRY
};

static int (*command_fn(const char *name))(int, char **)
{
#define LOOKUP(n, summary) if (strcmp(name, #n) == 0) return cmd_##n;
    PB_COMMANDS(LOOKUP)
#undef LOOKUP
    return NULL;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: paperbowl COMMAND [OPTIONS]\n"
                 "       paperbowl --help | -h | --version\n\n"
                 "PAPER BOWL (rulebook v1.11), exactly: every dice outcome as an exact fraction.\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (command_fn(commands[i].name))
            fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'paperbowl COMMAND --help' describes each command's options. Every command takes\n"
                 "--no-progress: no progress line on stderr (shown only when stderr is a terminal).\n"
                 "Rulesets: --ruleset NAME|FILE (embedded: v1.11-ja, the default, and v1.11-en).\n");
}

int pb_cli_main(int argc, char **argv)
{
    /* The moments recomputed from a value file (solve wp, ask, tables --game, diff --game) make and
     * free records of 150 KB by the thousand; glibc serves each from mmap and gives it back, a page
     * fault per page every time (diff v1.11-ja v1.11-en --game on cached files: 158 s of system
     * time against 89 s of user, 2 min 46 s; kept in the heap: 7 s, 56 s). Blocks under 32 MiB
     * stay in the heap, and up to 256 MiB of freed heap is kept for reuse. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    if (argc < 2) {
        usage(stderr);
        return PB_EXIT_USAGE;
    }
    pb_cli_stdout_guard(NULL);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return pb_cli_stdout_close(NULL, 0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("paperbowl %s\n", PB_VERSION);
        return pb_cli_stdout_close(NULL, 0);
    }
    int (*fn)(int, char **) = command_fn(argv[1]);
    if (!fn) {
        char name[512];
        pb_ctl_escape(argv[1], strlen(argv[1]), name, sizeof name);
        fprintf(stderr, "paperbowl: error: unknown command '%s' (see 'paperbowl --help')\n", name);
        return PB_EXIT_USAGE;
    }
    /* --no-progress, anywhere after the command, is every command's: taken out here, before the
     * command reads its options (cli/cli_progress.h) */
    bool progress = true;
    int n = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-progress") == 0)
            progress = false;
        else
            argv[n++] = argv[i];
    }
    argv[n] = NULL;
    argc = n;
    pb_cli_progress_init(argv[1], progress);
    pb_cli_gmp_oom(argv[1]);   /* GMP out of memory: the command's message and status 2 (cli/oom.c) */
    pb_cli_stdout_guard(argv[1]);
    int status = fn(argc - 1, argv + 1);
    pb_cli_progress_clear();
    return pb_cli_stdout_close(argv[1], status);
}
