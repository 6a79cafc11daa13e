/* cli/spread.c: whole jobs spread over the ranks (spread.h). A round gives each rank at most one
 * job (the order: cost, largest first); its slot (the job's index, its status and message, then
 * its result) is exchanged with pb_wp_dist's allgather, so every rank sees every slot of the
 * round, copies the results into place and learns of any failure at the same moment: no rank
 * goes on to a round the others have left. Jobs run with no dist of their own (one rank each). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spread.h"
#include "cli_progress.h"
#include "wp.h"

typedef struct {
    int job, status;
    char err[248];
} slot_head;

typedef struct {
    int i;
    double cost;
} order_item;

static int by_cost(const void *a, const void *b)
{
    const order_item *x = a, *y = b;
    return x->cost > y->cost ? -1 : x->cost < y->cost ? 1 : x->i - y->i;
}

static int run_local(int n, size_t size, char *results, pb_cli_job job, void *ctx, int *failed, char *err,
                     size_t errlen)
{
    for (int i = 0; i < n; i++) {
        char label[48];
        snprintf(label, sizeof label, "game %d of %d", i + 1, n);
        pb_cli_progress_stage(i, n, label);   /* the solve's own reports are read as its part */
        if (job(ctx, i, results + (size_t)i * size, err, errlen) != 0) {
            *failed = i;
            pb_cli_progress_stage(0, 0, NULL);
            pb_cli_progress_clear();
            return -1;
        }
    }
    pb_cli_progress_stage(0, 0, NULL);
    pb_cli_progress_clear();
    return 0;
}

int pb_cli_spread(int n, const double *cost, size_t size, void *results, pb_cli_job job, void *ctx, int *failed,
                  char *err, size_t errlen)
{
    const pb_wp_dist *d = pb_cli_dist();
    *failed = -1;
    if (!d || d->size <= 1)
        return run_local(n, size, results, job, ctx, failed, err, errlen);
    size_t stride = (sizeof(slot_head) + size + 7) / 8 * 8;
    order_item *order = malloc((size_t)(n > 0 ? n : 1) * sizeof *order);
    char *buf = calloc((size_t)d->size, stride);
    int *start = malloc((size_t)(d->size + 1) * sizeof *start);
    int st = order && buf && start ? 0 : -1;
    if (st != 0)
        snprintf(err, errlen, "out of memory");
    if (pb_cli_agree(st == 0 ? 0 : PB_EXIT_USAGE) != 0) {   /* a rank short of memory stops them all */
        if (st == 0)
            snprintf(err, errlen, "another rank failed");
        free(order);
        free(buf);
        free(start);
        return -1;
    }
    for (int i = 0; i < n; i++)
        order[i] = (order_item){i, cost ? cost[i] : 0};
    qsort(order, (size_t)n, sizeof *order, by_cost);
    for (int first = 0; first < n && st == 0; first += d->size) {
        int m = n - first < d->size ? n - first : d->size;   /* jobs this round: ranks 0..m-1 */
        for (int r = 0; r <= d->size; r++)
            start[r] = r < m ? r : m;
        if (d->rank < m) {
            slot_head *h = (slot_head *)(buf + (size_t)d->rank * stride);
            memset(h, 0, stride);
            h->job = order[first + d->rank].i;
            h->status = job(ctx, h->job, (char *)h + sizeof *h, h->err, sizeof h->err);
        }
        if (d->allgather(d->ctx, buf, stride, start) != 0) {
            snprintf(err, errlen, "the ranks could not exchange their results");
            st = -1;
            break;
        }
        for (int r = 0; r < m; r++) {
            const slot_head *h = (const slot_head *)(buf + (size_t)r * stride);
            memcpy((char *)results + (size_t)h->job * size, (const char *)h + sizeof *h, size);
            if (h->status != 0 && (*failed < 0 || h->job < *failed)) {
                *failed = h->job;
                snprintf(err, errlen, "%s", h->err);
                st = -1;
            }
        }
    }
    free(order);
    free(buf);
    free(start);
    return st;
}
