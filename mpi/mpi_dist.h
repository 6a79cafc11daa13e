/* mpi/mpi_dist.h: a pb_wp_dist (solve/wp.h) over an MPI communicator (mpi/mpi_dist.c). */
#ifndef PB_MPI_DIST_H
#define PB_MPI_DIST_H

#include <mpi.h>

#include "wp.h"

typedef struct {
    pb_wp_dist dist;   /* what the solver and cli/ see; dist.ctx points back here */
    MPI_Comm comm;
    int *counts, *displs;
} pb_mpi_dist;

/* The ranks of comm (borrowed: it must outlive the dist). 0, or -1 (out of memory). */
int pb_mpi_dist_init(pb_mpi_dist *d, MPI_Comm comm);
void pb_mpi_dist_release(pb_mpi_dist *d);

#endif
