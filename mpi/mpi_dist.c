/* mpi/mpi_dist.c: pb_wp_dist's two collectives on MPI: allgather is one MPI_Allgatherv in place,
 * counted in items of a contiguous type of `stride` bytes (so the counts and displacements stay
 * small ints whatever the bytes: a layer's slice is F doubles), and max is MPI_Allreduce MAX.
 * MPI's default error handler (errors are fatal, the job is ended) stays: a failed exchange
 * cannot leave a rank waiting. */
#include <limits.h>
#include <stdlib.h>

#include "mpi_dist.h"

static int allgather(void *ctx, void *buf, size_t stride, const int *start)
{
    pb_mpi_dist *d = ctx;
    if (stride == 0 || stride > INT_MAX)
        return -1;
    for (int r = 0; r < d->dist.size; r++) {
        d->counts[r] = start[r + 1] - start[r];
        d->displs[r] = start[r];
    }
    MPI_Datatype item;
    if (MPI_Type_contiguous((int)stride, MPI_BYTE, &item) != MPI_SUCCESS || MPI_Type_commit(&item) != MPI_SUCCESS)
        return -1;
    int rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, d->counts, d->displs, item, d->comm);
    MPI_Type_free(&item);
    return rc == MPI_SUCCESS ? 0 : -1;
}

static int max(void *ctx, double *x, int n)
{
    pb_mpi_dist *d = ctx;
    return MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_DOUBLE, MPI_MAX, d->comm) == MPI_SUCCESS ? 0 : -1;
}

int pb_mpi_dist_init(pb_mpi_dist *d, MPI_Comm comm)
{
    d->comm = comm;
    MPI_Comm_rank(comm, &d->dist.rank);
    MPI_Comm_size(comm, &d->dist.size);
    d->dist.ctx = d;
    d->dist.allgather = allgather;
    d->dist.max = max;
    d->counts = malloc((size_t)d->dist.size * sizeof *d->counts);
    d->displs = malloc((size_t)d->dist.size * sizeof *d->displs);
    if (!d->counts || !d->displs) {
        pb_mpi_dist_release(d);
        return -1;
    }
    return 0;
}

void pb_mpi_dist_release(pb_mpi_dist *d)
{
    free(d->counts);
    free(d->displs);
    d->counts = d->displs = NULL;
}
