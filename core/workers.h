/* core/workers.h: one job run on several threads at once: the caller and threads - 1 more, each
 * calling fn(arg) until it returns (a worker takes its share from a counter in arg). The threads
 * are at most PB_WORKERS_MAX; one that cannot be started leaves its share to the others.
 *
 * pb_workers_default is every parallel command's default --threads: the CPUs online on this
 * machine (sysconf(_SC_NPROCESSORS_ONLN)), at least 1 and at most PB_WORKERS_MAX.
 * pb_workers_help is the help's words for that default ("all 8 CPUs of this machine"). */
#ifndef PB_WORKERS_H
#define PB_WORKERS_H

#include <stddef.h>

#define PB_WORKERS_MAX 256

void pb_workers_run(int threads, void *(*fn)(void *), void *arg);
int pb_workers_default(void);
/* Writes "all N CPUs of this machine" ("the 1 CPU of this machine" for one) into buf. */
void pb_workers_help(char *buf, size_t len);

#endif
