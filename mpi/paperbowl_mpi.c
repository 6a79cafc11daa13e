/* mpi/paperbowl_mpi.c: main of bin/paperbowl-mpi (make mpi), the commands that run over MPI's
 * ranks: `solve game` (each layer of the solve split over the ranks: solve/wp.h, pb_wp_dist),
 * `verify switches --game` and `diff A B --game` (whole solves spread over the ranks:
 * cli/spread.h), `tune` (the grid's rows in blocks over the ranks: tune/tune.h). Every rank
 * runs the same command line through pb_cli_main with the ranks set (pb_cli_set_dist); rank 0 alone prints to stdout and writes files; error messages are kept
 * and the ranks agree on one exit status and one message at the end (mpi/mpi_exit.c). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mpi_dist.h"
#include "mpi_exit.h"

/* seconds a failed rank waits for the others at the end before it ends the job itself */
#define EXIT_WAIT 60.0

static const char usage[] =
    "usage: mpirun -np N paperbowl-mpi COMMAND [OPTIONS]\n\n"
    "The commands of paperbowl that run over MPI's ranks (the rest: paperbowl):\n"
    "  solve game ...               the game solve, each layer split over the ranks; the value\n"
    "                               file and the output are those of 'paperbowl solve game'\n"
    "  verify switches --game ...   the sweep's solves spread over the ranks, one per rank at a time\n"
    "  diff A B --game ...          games A and B solved side by side\n"
    "  tune ...                     the grid's rows spread over the ranks (the output of 'paperbowl tune')\n\n"
    "'paperbowl-mpi COMMAND --help' describes each command's options. Rank 0 prints and writes.\n"
    "Exit status 0, or 2 for a failure: a diff's changes (status 1 in paperbowl) end as 0, since\n"
    "mpirun prints an abort banner for any other status; stdout's last line says whether it changes.\n";

static int has(int argc, char **argv, int from, const char *arg)
{
    for (int i = from; i < argc; i++)
        if (strcmp(argv[i], arg) == 0)
            return 1;
    return 0;
}

/* 0 when the command line is one that runs here (or asks for help), else 2 and the message. */
static int allowed(int argc, char **argv, char *msg, size_t len)
{
    if (argc < 2) {
        snprintf(msg, len, "paperbowl-mpi: error: no command (see 'paperbowl-mpi --help')");
        return PB_EXIT_USAGE;
    }
    const char *c = argv[1], *sub = argc > 2 ? argv[2] : "";
    if ((strcmp(c, "solve") == 0 && strcmp(sub, "game") == 0) ||
        (strcmp(c, "verify") == 0 && strcmp(sub, "switches") == 0 && (has(argc, argv, 3, "--game") ||
                                                                    has(argc, argv, 3, "--help"))) ||
        (strcmp(c, "diff") == 0 && (has(argc, argv, 2, "--game") || has(argc, argv, 2, "--help"))) ||
        strcmp(c, "tune") == 0)
        return 0;
    int two = strcmp(c, "solve") == 0 || strcmp(c, "verify") == 0;   /* commands with a subcommand */
    snprintf(msg, len, "paperbowl-mpi: error: '%s%s%s'%s does not run under MPI: paperbowl-mpi runs 'solve game', "
             "'verify switches --game', 'diff A B --game' and 'tune' (the rest: paperbowl)", c, two && *sub ? " " : "",
             two ? sub : "", strcmp(c, "diff") == 0 || strcmp(sub, "switches") == 0 ? " without --game" : "");
    return PB_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm solve_comm, exit_comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &solve_comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &exit_comm);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0 && !freopen("/dev/null", "w", stdout))
        fclose(stdout);
    static char msg[1024];
    int status;
    pb_mpi_dist d;
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        status = PB_EXIT_OK;
    } else if ((status = allowed(argc, argv, msg, sizeof msg)) == 0) {
        if (pb_mpi_dist_init(&d, solve_comm) != 0) {
            snprintf(msg, sizeof msg, "paperbowl-mpi: error: out of memory");
            status = PB_EXIT_USAGE;
        } else {
            pb_cli_set_dist(&d.dist);
            pb_cli_set_error_sink(msg, sizeof msg);
            status = pb_cli_main(argc, argv);
            if (!pb_cli_agreed())   /* stopped before the command's own agreement: tell the others there */
                status = pb_cli_agree(status);
            pb_cli_set_error_sink(NULL, 0);
            pb_cli_set_dist(NULL);
            pb_mpi_dist_release(&d);
        }
    }
    fflush(stdout);
    status = pb_mpi_exit_agree(exit_comm, status, msg, EXIT_WAIT);
    /* status 1 is a result, not a failure ('diff': changes found; stdout's last line says so), but
     * mpirun prints its abort banner for any rank's non-zero exit: under MPI it ends as 0 */
    if (status == PB_EXIT_FAIL)
        status = PB_EXIT_OK;
    fflush(NULL);
    MPI_Comm_free(&solve_comm);
    MPI_Comm_free(&exit_comm);
    MPI_Finalize();
    return status;
}
