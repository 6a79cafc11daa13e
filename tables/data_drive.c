/* tables/data_drive.c: the drive solver's numbers for the tables and the report (see data.h):
 * the solve with the tables' ruleset and policies, and the card values at the card-value
 * states, each state on its own thread (pb_drive_card_values is thread-safe). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "data.h"
#include "workers.h"

const int pb_table_drive_card_togo[PB_TABLE_DRIVE_NCARD] = {80, 50, 20, 5};

int pb_table_drive_solve(pb_drive **out, const pb_table_data *d, int threads, char *err, size_t errlen)
{
    if (threads <= 0)
        threads = pb_workers_default();
    pb_drive_opts o;
    memset(&o, 0, sizeof o);
    o.rules = &d->rules;
    o.policies = d->policies;
    o.threads = threads;
    o.tolerance = 0; /* the solver's default (2e-9) */
    return pb_drive_solve(out, &o, err, errlen);
}

typedef struct {
    pb_table_data *d;
    int k, rc;
    char err[256];
} card_job;

static void *card_worker(void *arg)
{
    card_job *j = arg;
    int togo = pb_table_drive_card_togo[j->k];
    int ytg = togo < j->d->rules.first_down_yards ? togo : j->d->rules.first_down_yards;
    j->rc = pb_drive_card_values_blank(j->d->drive, togo, 1, ytg, j->d->card_value[j->k], &j->d->card_blank[j->k],
                                       j->err, sizeof j->err);
    return NULL;
}

int pb_table_drive_attach(pb_table_data *d, const pb_drive *drive, char *err, size_t errlen)
{
    d->drive = drive;
    card_job jobs[PB_TABLE_DRIVE_NCARD];
    pthread_t tid[PB_TABLE_DRIVE_NCARD];
    int started[PB_TABLE_DRIVE_NCARD];
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++) {
        jobs[k] = (card_job){d, k, 0, ""};
        started[k] = k > 0 && pthread_create(&tid[k], NULL, card_worker, &jobs[k]) == 0;
    }
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
        if (!started[k])
            card_worker(&jobs[k]);
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
        if (started[k])
            pthread_join(tid[k], NULL);
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
        if (jobs[k].rc != 0) {
            snprintf(err, errlen, "card values at togo %d: %s", pb_table_drive_card_togo[k], jobs[k].err);
            d->drive = NULL;
            return -1;
        }
    return 0;
}
