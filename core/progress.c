/* core/progress.c: the process-wide progress callback (progress.h). The pointer is atomic so that
 * worker threads may read it while the main thread installed it before starting them. */
#include <stdatomic.h>
#include <stddef.h>

#include "progress.h"

static _Atomic(pb_progress_fn) installed;
static void *installed_self;

void pb_progress_set(pb_progress_fn fn, void *self)
{
    installed_self = self;
    atomic_store(&installed, fn);
}

void pb_progress_report(const char *what, double done, double total)
{
    pb_progress_fn fn = atomic_load_explicit(&installed, memory_order_acquire);
    if (fn)
        fn(installed_self, what, done, total);
}
