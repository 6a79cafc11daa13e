/* core/workers.h: one job run on several threads at once: the caller and threads - 1 more, each
 * calling fn(arg) until it returns (a worker takes its share from a counter in arg). The threads
 * are at most PB_WORKERS_MAX; one that cannot be started leaves its share to the others. */
#ifndef PB_WORKERS_H
#define PB_WORKERS_H

#define PB_WORKERS_MAX 64

void pb_workers_run(int threads, void *(*fn)(void *), void *arg);

#endif
