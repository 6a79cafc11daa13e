/* cli/cmd_serve.c: `paperbowl serve`: the designer's workbench, a local web page that edits a
 * ruleset and shows what the edit does (serve/serve.h; doc/serve.md). */
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "serve.h"
#include "workers.h"

static const char usage[] =
    "usage: paperbowl serve [--ruleset NAME|FILE] [--port N] [--listen ADDR] [--cache DIR] [--threads N]\n\n"
    "The designer's workbench: a web page on this machine where a ruleset is a form; change a value\n"
    "and see every play-level table and the drive solver's tables move beside the base ruleset's\n"
    "(the cells that moved highlighted, their exact change on hover), ask questions of both, tune a\n"
    "value, compare the whole games (a background job), see the other games' tables, and download\n"
    "the edited ruleset. Prints the address to open (with its access token) as the first\n"
    "line on stdout and serves until Ctrl-C or SIGTERM (exit 0). doc/serve.md.\n\n"
    "  --ruleset NAME|FILE  the base ruleset (embedded: v1.11-ja (default), v1.11-en; or a file)\n"
    "  --port N             the TCP port (default 8642; 0: any free port)\n"
    "  --listen ADDR        the address to listen on (default 127.0.0.1; any other is reachable from\n"
    "                       other machines and is warned about: the token is then the only guard)\n"
    "  --cache DIR          the folder of the game solver's value files (default out): each game\n"
    "                       solved once ('diff --game --cache DIR' reads the same files)\n"
    "  --threads N          worker threads of one computation (default: " PB_CLI_CPUS ")\n\n"
    "Only the address printed answers: a request needs the token (the URL's, then a cookie), the\n"
    "Host header of that address, and a change needs the page's own Origin.\n";

int cmd_serve(int argc, char **argv)
{
    enum { O_RULESET = 1, O_PORT, O_LISTEN, O_THREADS, O_CACHE };
    static const struct option options[] = {{"ruleset", required_argument, NULL, O_RULESET},
                                             {"port", required_argument, NULL, O_PORT},
                                             {"listen", required_argument, NULL, O_LISTEN},
                                             {"threads", required_argument, NULL, O_THREADS},
                                             {"cache", required_argument, NULL, O_CACHE},
                                             PB_CLI_HELP_OPTION,
                                             {NULL, 0, NULL, 0}};
    const char *ruleset = PB_RULESET_DEFAULT, *listen = "127.0.0.1", *cache = "out";
    int port = 8642, threads = pb_workers_default(), opt;
    pb_cli_opts g;
    pb_cli_opts_init(&g, "serve", usage, argc, argv, options);
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case O_RULESET: ruleset = g.arg; break;
        case O_LISTEN: listen = g.arg; break;
        case O_CACHE:
            if (!*g.arg)
                return pb_cli_error("serve", "--cache: give a folder");
            cache = g.arg;
            break;
        case O_PORT:
            if (pb_cli_int("serve", "--port", g.arg, 0, 65535, &port) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_THREADS:
            if (pb_cli_int("serve", "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    static pb_ruleset base;
    if (pb_cli_ruleset("serve", ruleset, &base) != 0)
        return PB_EXIT_USAGE;
    /* the game level runs this same binary (`diff --game`) */
    static char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return pb_cli_error("serve", "cannot find its own binary (/proc/self/exe): %s", strerror(errno));
    self[n] = 0;
    pb_serve_config cfg = {listen, port, &base, threads, cache, self, stdout, stderr};
    int rc = pb_serve_run(&cfg);
    return rc == 0 ? PB_EXIT_OK : rc == 1 ? pb_cli_error("serve", "out of memory") : PB_EXIT_USAGE;
}
