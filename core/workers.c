/* core/workers.c: pb_workers_run (workers.h). */
#include <pthread.h>

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
