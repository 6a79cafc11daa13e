/* cli/dist.c: the processes a command's game solves are split over (cli.h): none in the plain
 * build, MPI's ranks in the MPI build (mpi/paperbowl_mpi.c sets them). */
#include "cli.h"
#include "wp.h"

static const pb_wp_dist *current;

void pb_cli_set_dist(const pb_wp_dist *d) { current = d; }
const pb_wp_dist *pb_cli_dist(void) { return current; }
int pb_cli_rank(void) { return current ? current->rank : 0; }
