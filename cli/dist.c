/* cli/dist.c: the processes a command's game solves are split over (cli.h): none in the plain
 * build, MPI's ranks in the MPI build (mpi/paperbowl_mpi.c sets them); pb_cli_agree, the exit
 * status every rank agrees on. */
#include "cli.h"
#include "wp.h"

static const pb_wp_dist *current;
static int agreed;

void pb_cli_set_dist(const pb_wp_dist *d)
{
    current = d;
    agreed = 0;
}
int pb_cli_agreed(void) { return agreed; }
const pb_wp_dist *pb_cli_dist(void) { return current; }
int pb_cli_rank(void) { return current ? current->rank : 0; }

int pb_cli_agree(int status)
{
    if (!current || current->size <= 1)
        return status;
    agreed = 1;
    double x = status;
    if (current->max(current->ctx, &x, 1) != 0)
        return status > PB_EXIT_USAGE ? status : PB_EXIT_USAGE;
    return (int)x;
}
