/* verify/parallel.c: a for-each over work units on N threads. Units are handed out in order
 * from one atomic counter; each unit's result is stored by its index, so what the callers
 * compute never depends on the number of threads or on their timing. A worker frees MPFR's
 * per-thread caches when it ends (verify/stats.h asks it of every thread computing p-values).
 * pb_verify_parallel_named reports each unit done to the progress callback (core/progress.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "progress.h"
#include "verify.h"
#include "workers.h"

typedef struct {
    atomic_size_t next, done;
    size_t n;
    void (*fn)(void *arg, size_t i);
    void *arg;
    const char *what;   /* the progress reports' name (core/progress.h), NULL: none */
} work;

static void *worker(void *p)
{
    work *w = p;
    for (;;) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->n)
            break;
        w->fn(w->arg, i);
        size_t d = atomic_fetch_add(&w->done, 1) + 1;
        if (w->what)
            pb_progress_report(w->what, (double)d, (double)w->n);
    }
    pb_stats_release_caches();  /* MPFR's per-thread constants, filled by the p-values */
    return NULL;
}

int pb_verify_parallel(size_t n, int threads, void (*fn)(void *arg, size_t i), void *arg)
{
    return pb_verify_parallel_named(NULL, n, threads, fn, arg);
}

int pb_verify_parallel_named(const char *what, size_t n, int threads, void (*fn)(void *arg, size_t i), void *arg)
{
    work w;
    atomic_init(&w.next, 0);
    atomic_init(&w.done, 0);
    w.n = n;
    w.fn = fn;
    w.arg = arg;
    w.what = what;
    if (threads < 1)
        threads = 1;
    if ((size_t)threads > n)
        threads = n ? (int)n : 1;
    pthread_t *tid = threads > 1 ? malloc((size_t)(threads - 1) * sizeof *tid) : NULL;
    int started = 0, rc = 0;
    for (int t = 0; tid && t < threads - 1; t++) {
        if (pthread_create(&tid[t], NULL, worker, &w) != 0) {
            rc = -1;
            break;
        }
        started++;
    }
    if (threads > 1 && !tid)
        rc = -1;
    worker(&w);  /* the calling thread works too, and finishes whatever is left */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
    if (what)   /* the last word, after every thread's: all done */
        pb_progress_report(what, (double)n, (double)n);
    return rc;
}

int pb_verify_threads_default(void) { return pb_workers_default(); }
