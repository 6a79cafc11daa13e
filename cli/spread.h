/* cli/spread.h: whole jobs (game solves) spread over the ranks of pb_cli_dist() (cli/spread.c). */
#ifndef PB_SPREAD_H
#define PB_SPREAD_H

#include <stddef.h>

/* One job: writes its result (plain numbers, no pointers: it may travel to another rank) at
 * `result`. 0, or -1 and a message in err. */
typedef int (*pb_cli_job)(void *ctx, int job, void *result, char *err, size_t errlen);

/* Runs jobs 0..n-1, job i writing `size` bytes at results + i * size. One process: in order,
 * stopping at the first that fails. Over MPI's ranks (pb_cli_dist(), size > 1): one job per rank
 * at a time, the largest `cost` first (ties by index), every rank then holding every result, as
 * one process would. When a job fails, every rank stops after that round and returns -1 with
 * *failed the index of the first failed job (by index) and its message in err; else 0. */
int pb_cli_spread(int n, const double *cost, size_t size, void *results, pb_cli_job job, void *ctx, int *failed,
                  char *err, size_t errlen);

#endif
