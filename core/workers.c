/* core/workers.c: pb_workers_run, pb_workers_default and pb_workers_help (workers.h). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "workers.h"

void pb_workers_run(int threads, void *(*fn)(void *), void *arg)
{
    int n = threads < 1 ? 1 : threads > PB_WORKERS_MAX ? PB_WORKERS_MAX : threads, started = 0;
    pthread_t th[PB_WORKERS_MAX];
    for (int i = 1; i < n; i++)
        if (pthread_create(&th[started], NULL, fn, arg) == 0)
            started++;
    fn(arg);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
}

int pb_workers_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > PB_WORKERS_MAX ? PB_WORKERS_MAX : (int)n;
}

void pb_workers_help(char *buf, size_t len)
{
    int n = pb_workers_default();
    if (n == 1)
        snprintf(buf, len, "the 1 CPU of this machine");
    else
        snprintf(buf, len, "all %d CPUs of this machine", n);
}
