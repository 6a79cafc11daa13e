/* mpi/mpi_exit.h: how a run under MPI ends (mpi/mpi_exit.c). */
#ifndef PB_MPI_EXIT_H
#define PB_MPI_EXIT_H

#include <mpi.h>

/* Every rank calls this with its command's exit status and its error message ("" for none).
 * The ranks agree on the status (the largest), rank 0 prints one message (the first rank's that
 * is not only "another rank failed"), and the agreed status is returned, to be returned from main
 * after MPI_Finalize. A rank that failed and whose partners do not arrive within `wait` seconds
 * (they wait on it in a collective it left) prints its own message and ends the job itself
 * (_exit, so mpirun stops the others): an exit, never a hang. */
int pb_mpi_exit_agree(MPI_Comm comm, int status, const char *msg, double wait);

#endif
