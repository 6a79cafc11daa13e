/* verify/deck.c: the paired deck check's engine: the same games played twice on common random
 * numbers (sim.h paired_streams: the coin toss, the strategy mixes and the dice from the same
 * streams), once with a uniform card per snap (the solver's model) and once with the other card
 * process (the rulebook's dealt decks, or the uniform card with a planted change), and the
 * per-game difference summed.
 *
 * A game's value: whole games, the opening kicking team's result doubled (win 2, tie 1, loss 0);
 * drive chains, the signed next-score points (home - away). Sums are integers (of values, squares
 * and products) merged from per-worker totals: the same for any thread count. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "deck.h"
#include "workers.h"

#define CHUNK 128

typedef struct {
    const pb_sim_config *cfg[2];
    uint64_t games;
    int plant;                    /* cfg[1] carries the planted change */
    atomic_uint_fast64_t next;
    atomic_uint_fast64_t failed;  /* lowest failing index + 1 */
    pthread_mutex_t lock;
    pb_verify_pair sum;
    char error[200];
} pair_job;

static int64_t game_value(const pb_sim_config *cfg, const pb_game *g)
{
    if (cfg->drive)
        return (int64_t)g->score[PB_HOME] - g->score[PB_AWAY];
    int kicker = 1 - g->opening_receiver, d = g->score[kicker] - g->score[1 - kicker];
    return d > 0 ? 2 : d == 0 ? 1 : 0;
}

static void *pair_work(void *arg)
{
    pair_job *j = arg;
    pb_sim_game *sg = malloc(sizeof *sg);
    pb_verify_pair s;
    memset(&s, 0, sizeof s);
    if (!sg) {
        atomic_store(&j->failed, 1);
        return NULL;
    }
    for (;;) {
        uint64_t first = atomic_fetch_add(&j->next, CHUNK);
        if (first >= j->games || atomic_load(&j->failed))
            break;
        uint64_t last = first + CHUNK < j->games ? first + CHUNK : j->games;
        for (uint64_t i = first; i < last; i++) {
            int64_t v[2];
            /* the plant: its run first; where it never fired the uniform run is the same game (the
             * same numbers drawn at every slot, nothing else different) and is not played again */
            for (int pass = 0; pass < 2; pass++) {
                int k = j->plant ? 1 - pass : pass;
                if (j->plant && pass == 1 && sg->game.plant_fired == 0) {
                    v[0] = v[1];
                    break;
                }
                pb_sim_game_init(sg, j->cfg[k], i, NULL);
                if (pb_sim_game_play(sg, j->cfg[k]) != 0) {
                    pthread_mutex_lock(&j->lock);
                    uint64_t f = atomic_load(&j->failed);
                    if (f == 0 || i + 1 < f) {
                        atomic_store(&j->failed, i + 1);
                        snprintf(j->error, sizeof j->error, "game %llu: %s", (unsigned long long)i, sg->game.error);
                    }
                    pthread_mutex_unlock(&j->lock);
                    goto out;
                }
                v[k] = game_value(j->cfg[k], &sg->game);
            }
            s.n++;
            s.sum[0] += v[0];
            s.sum[1] += v[1];
            s.sq[0] += (uint64_t)(v[0] * v[0]);
            s.sq[1] += (uint64_t)(v[1] * v[1]);
            s.cross += v[0] * v[1];
            s.differ += v[0] != v[1];
        }
    }
out:
    free(sg);
    pthread_mutex_lock(&j->lock);
    j->sum.n += s.n;
    for (int k = 0; k < 2; k++) {
        j->sum.sum[k] += s.sum[k];
        j->sum.sq[k] += s.sq[k];
    }
    j->sum.cross += s.cross;
    j->sum.differ += s.differ;
    pthread_mutex_unlock(&j->lock);
    return NULL;
}

int pb_verify_deck_pair(const pb_sim_config *base, pb_verify_deck_other other, pb_verify_pair *out, char *err,
                        size_t errlen)
{
    pb_sim_config c[2] = {*base, *base};
    for (int k = 0; k < 2; k++) {
        c[k].paired_streams = true;
        c[k].progress = NULL;
        c[k].plant_card = 0;
        c[k].drive_deck = false;
        c[k].uniform_cards = true;
    }
    if (other == PB_VERIFY_DECK_REAL) {
        c[1].drive_deck = base->drive;
        c[1].uniform_cards = false;
    } else {
        c[1].plant_card = PB_VERIFY_DECK_PLANT_CARD;
    }
    pair_job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    j->cfg[0] = &c[0];
    j->cfg[1] = &c[1];
    j->games = base->games;
    j->plant = other == PB_VERIFY_DECK_PLANT;
    atomic_init(&j->next, 0);
    atomic_init(&j->failed, 0);
    pthread_mutex_init(&j->lock, NULL);
    pb_workers_run(base->threads, pair_work, j);
    int rc = 0;
    if (atomic_load(&j->failed)) {
        snprintf(err, errlen, "%s", j->error[0] ? j->error : "out of memory");
        rc = -1;
    } else {
        *out = j->sum;
    }
    pthread_mutex_destroy(&j->lock);
    free(j);
    return rc;
}

static double sqrt_nonneg(double x) { return x > 0 ? sqrt(x) : 0; }

/* The means, the difference (other - uniform) and the standard errors from the sums. */
void pb_verify_pair_stats(const pb_verify_pair *p, double scale, pb_verify_pair_stats_t *s)
{
    double n = (double)p->n, m[2], var[2];
    for (int k = 0; k < 2; k++) {
        m[k] = (double)p->sum[k] / n;
        var[k] = (double)p->sq[k] / n - m[k] * m[k];
    }
    double cov = (double)p->cross / n - m[0] * m[1];
    double dvar = var[0] + var[1] - 2 * cov;
    s->mean[0] = m[0] * scale;
    s->mean[1] = m[1] * scale;
    s->se[0] = scale * sqrt_nonneg(var[0] / n);
    s->se[1] = scale * sqrt_nonneg(var[1] / n);
    s->diff = (m[1] - m[0]) * scale;
    s->se_paired = scale * sqrt_nonneg(dvar / n);
    s->se_independent = scale * sqrt_nonneg((var[0] + var[1]) / n);
    s->z = s->se_paired > 0 ? s->diff / s->se_paired : 0;
}
