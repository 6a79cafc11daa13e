/* paperbowl.c: the command-line entry point of the one-process build: the command table and its
 * dispatch are cli/main.c (pb_cli_main), shared with the MPI build's main (mpi/paperbowl_mpi.c). */
#include "cli.h"

int main(int argc, char **argv) { return pb_cli_main(argc, argv); }
