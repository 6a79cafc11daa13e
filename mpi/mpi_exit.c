/* mpi/mpi_exit.c: the end of a run under MPI (mpi_exit.h). Each rank's {status, message} is
 * gathered on every rank with one MPI_Iallgather: the ranks that succeeded simply wait for it; a
 * rank that failed polls it, and if the others never come (a failure only it saw, inside a split
 * solve), it gives up after `wait` seconds. Only rank 0 prints, so a bad option seen by every
 * rank is said once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mpi_exit.h"

typedef struct {
    int status;
    char msg[1020];
} outcome;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The message to print: the first rank's that names a cause, else the first at all. */
static const char *chosen(const outcome *all, int size)
{
    for (int r = 0; r < size; r++)
        if (all[r].msg[0] && !strstr(all[r].msg, "another rank failed"))
            return all[r].msg;
    for (int r = 0; r < size; r++)
        if (all[r].msg[0])
            return all[r].msg;
    return NULL;
}

int pb_mpi_exit_agree(MPI_Comm comm, int status, const char *msg, double wait)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    outcome mine;
    memset(&mine, 0, sizeof mine);
    mine.status = status;
    snprintf(mine.msg, sizeof mine.msg, "%s", msg ? msg : "");
    outcome *all = malloc((size_t)size * sizeof *all);
    if (!all) {
        fprintf(stderr, "%s\n", mine.msg[0] ? mine.msg : "paperbowl-mpi: error: out of memory");
        fflush(NULL);
        _exit(status ? status : 2);
    }
    MPI_Request rq;
    MPI_Iallgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, comm, &rq);
    if (status == 0) {
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
    } else {
        double give_up = now() + wait;
        int done = 0;
        while (!done) {
            MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
            if (!done && now() > give_up) {
                if (mine.msg[0])
                    fprintf(stderr, "%s\n", mine.msg);
                fflush(NULL);
                _exit(status);
            }
            if (!done)
                usleep(2000);
        }
    }
    int agreed = 0;
    for (int r = 0; r < size; r++)
        agreed = all[r].status > agreed ? all[r].status : agreed;
    const char *say = chosen(all, size);
    if (rank == 0 && say)
        fprintf(stderr, "%s\n", say);
    free(all);
    return agreed;
}
