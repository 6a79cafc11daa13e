/* cli/main.c: the command table and its dispatch, pb_cli_main (cli.h): maps a subcommand name to
 * its cmd_* function. Both mains call it: paperbowl.c (one process) and mpi/paperbowl_mpi.c (MPI,
 * after it has checked the command is one that runs there). Each module owns its subcommands in
 * one file (cli/cmd_roll.c, cli/cmd_dist.c, ...). Commands are linked weakly so that a library
 * built without one still links and says so. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

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
    X(solve, "drive expected points and equilibrium play-calling (solve ep|state|fourth|special|cards)")

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
    fprintf(out, "usage: paperbowl COMMAND [OPTIONS]\n\n"
                 "PAPER BOWL (rulebook v1.11), exactly: every dice outcome as an exact fraction.\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (command_fn(commands[i].name))
            fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'paperbowl COMMAND --help' describes each command's options.\n"
                 "Rulesets: --ruleset NAME|FILE (embedded: v1.11-ja, the default, and v1.11-en).\n");
}

int pb_cli_main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return PB_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    int (*fn)(int, char **) = command_fn(argv[1]);
    if (!fn) {
        fprintf(stderr, "paperbowl: error: unknown command '%s' (see 'paperbowl --help')\n", argv[1]);
        return PB_EXIT_USAGE;
    }
    pb_cli_gmp_oom(argv[1]);   /* GMP out of memory: the command's message and status 2 (cli/oom.c) */
    return fn(argc - 1, argv + 1);
}
