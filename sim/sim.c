/* sim/sim.c: the game runner: games by index on worker threads, integer totals.
 *
 * Workers take chunks of game indices from a shared counter; each keeps its own totals, merged
 * at the end (sums of integers: the same for any split). The calling thread reports progress. */
#include "sim.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK 256

void pb_sim_totals_init(pb_sim_totals *t) { memset(t, 0, sizeof *t); }

static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

void pb_sim_totals_add_game(pb_sim_totals *t, const pb_game *g)
{
    t->games++;
    for (int team = 0; team < 2; team++)
        for (int s = 0; s < PB_STAT_COUNT; s++)
            t->stat[team][s] += (uint64_t)(int64_t)g->stat[team][s];
    int h = g->score[PB_HOME], a = g->score[PB_AWAY];
    t->points[PB_HOME][clamp(h, 0, PB_SIM_POINTS_MAX)]++;
    t->points[PB_AWAY][clamp(a, 0, PB_SIM_POINTS_MAX)]++;
    t->total[clamp(h + a, 0, PB_SIM_POINTS_MAX)]++;
    t->margin[clamp(h - a, -PB_SIM_POINTS_MAX, PB_SIM_POINTS_MAX) + PB_SIM_POINTS_MAX]++;
    t->finals[clamp(h, 0, PB_SIM_FINALS_MAX)][clamp(a, 0, PB_SIM_FINALS_MAX)]++;
    if (h > a)
        t->wins[PB_HOME]++;
    else if (a > h)
        t->wins[PB_AWAY]++;
    else
        t->ties++;
    if (g->overtime)
        t->overtime++;
    int kicker = 1 - g->opening_receiver, ks = g->score[kicker] - g->score[1 - kicker];
    t->kicker_wins += ks > 0;
    t->kicker_ties += ks == 0;
    for (int q = 0; q < PB_PERIODS_MAX; q++)
        for (int team = 0; team < 2; team++)
            t->period_points[q][team] += (uint64_t)g->period_points[q][team];
    for (int r = 0; r <= PB_FG_ROWS_MAX; r++) {
        t->fg_row_att[r] += (uint64_t)g->fg_row_att[r];
        t->fg_row_made[r] += (uint64_t)g->fg_row_made[r];
    }
    /* the lead entering the last quarter of regulation */
    int quarters = g->env.rules->quarters, lead = 0;
    for (int q = 0; q < quarters - 1 && q < PB_PERIODS_MAX; q++)
        lead += g->period_points[q][PB_HOME] - g->period_points[q][PB_AWAY];
    int final = h - a;
    int row = clamp(lead < 0 ? -lead : lead, 0, PB_SIM_LEAD_MAX);
    int leader_final = lead < 0 ? -final : final;  /* from the leader's side (home when tied) */
    t->lead_last[row][leader_final > 0 ? 0 : leader_final == 0 ? 1 : 2]++;
}

void pb_sim_totals_merge(pb_sim_totals *into, const pb_sim_totals *from)
{
    /* every field is a uint64_t count: add them word by word */
    uint64_t *d = (uint64_t *)into;
    const uint64_t *s = (const uint64_t *)from;
    for (size_t i = 0; i < sizeof *into / sizeof(uint64_t); i++)
        d[i] += s[i];
}

void pb_sim_game_init(pb_sim_game *sg, const pb_sim_config *cfg, uint64_t index, pb_trace *trace)
{
    pb_rng_seed(&sg->rng, cfg->seed, index);
    pb_sim_oracle_init(&sg->dice, cfg->paired_streams ? &sg->dice_rng : &sg->rng);
    pb_play_env env = {cfg->rules, cfg->policies, cfg->eval, trace};
    pb_game_init(&sg->game, &env, cfg->strategy[PB_HOME], cfg->strategy[PB_AWAY], &sg->rng, &sg->dice.base);
    sg->game.timeout_decider = cfg->timeouts;
    sg->game.return_decider = cfg->returns;
    sg->game.drive_deck = cfg->drive_deck;
    sg->game.uniform_cards = cfg->uniform_cards;
    if (cfg->paired_streams)
        pb_game_pair(&sg->game, cfg->seed, index, &sg->card_rng, &sg->dice_rng);
    sg->game.plant_card = cfg->plant_card;
    uint64_t key = cfg->seed ^ index;
    sg->game.plant_key = pb_rng_splitmix64(&key);
    sg->game.decider[PB_HOME] = cfg->decider[PB_HOME];
    sg->game.decider[PB_AWAY] = cfg->decider[PB_AWAY];
}

const char *pb_sim_team_label(const pb_sim_config *cfg, int team, bool source)
{
    if (cfg->decider[team])
        return "decider";
    return source ? cfg->strategy[team]->source : cfg->strategy[team]->name;
}

int pb_sim_game_play(pb_sim_game *sg, const pb_sim_config *cfg)
{
    if (cfg->drive)
        return pb_game_play_drive(&sg->game, PB_HOME, cfg->drive_togo, cfg->drive_down, cfg->drive_ytg);
    if (cfg->start)
        return pb_game_play_from(&sg->game, PB_HOME, cfg->start);
    return pb_game_play(&sg->game);
}

/* ---- threads ---- */

typedef struct {
    const pb_sim_config *cfg;
    atomic_uint_fast64_t next;     /* the next chunk's first game */
    atomic_uint_fast64_t done;     /* games finished */
    atomic_uint_fast64_t failed;   /* lowest failing game index + 1, or 0 */
    pthread_mutex_t lock;          /* guards error */
    char error[200];
} shared;

typedef struct {
    shared *sh;
    pb_sim_totals totals;
    pb_sim_game sg;
} worker;

static void note_failure(shared *sh, uint64_t index, const char *msg)
{
    pthread_mutex_lock(&sh->lock);
    uint64_t f = atomic_load(&sh->failed);
    if (f == 0 || index + 1 < f) {
        atomic_store(&sh->failed, index + 1);
        snprintf(sh->error, sizeof sh->error, "game %llu: %s", (unsigned long long)index, msg);
    }
    pthread_mutex_unlock(&sh->lock);
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    uint64_t games = sh->cfg->games;
    for (;;) {
        uint64_t first = atomic_fetch_add(&sh->next, CHUNK);
        if (first >= games)
            break;
        uint64_t last = first + CHUNK < games ? first + CHUNK : games;
        for (uint64_t i = first; i < last; i++) {
            uint64_t f = atomic_load_explicit(&sh->failed, memory_order_relaxed);
            if (f && f <= i + 1)
                break;
            pb_sim_game_init(&w->sg, sh->cfg, i, NULL);
            if (pb_sim_game_play(&w->sg, sh->cfg) != 0) {
                note_failure(sh, i, w->sg.game.error);
                break;
            }
            if (sh->cfg->drive)
                pb_sim_totals_add_drive(&w->totals, &w->sg.game);
            else
                pb_sim_totals_add_game(&w->totals, &w->sg.game);
        }
        atomic_fetch_add(&sh->done, last - first);
    }
    return NULL;
}

int pb_sim_run(const pb_sim_config *cfg, pb_sim_totals *out, char *err, size_t errlen)
{
    int n = cfg->threads < 1 ? 1 : cfg->threads;
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.cfg = cfg;
    atomic_init(&sh.next, 0);
    atomic_init(&sh.done, 0);
    atomic_init(&sh.failed, 0);
    pthread_mutex_init(&sh.lock, NULL);
    worker *w = calloc((size_t)n, sizeof *w);
    pthread_t *tid = calloc((size_t)n, sizeof *tid);
    if (!w || !tid) {
        free(w);
        free(tid);
        pthread_mutex_destroy(&sh.lock);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int started = 0;
    for (int i = 0; i < n; i++) {
        w[i].sh = &sh;
        pb_sim_totals_init(&w[i].totals);
        if (pthread_create(&tid[i], NULL, work, &w[i]) != 0)
            break;
        started++;
    }
    if (started == 0)  /* no thread could start: work here */
        work(&w[0]);
    while (started > 0 && cfg->progress) {
        uint64_t done = atomic_load(&sh.done);
        cfg->progress(cfg->progress_self, done, cfg->games);
        if (done >= cfg->games)
            break;
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (cfg->progress)
        cfg->progress(cfg->progress_self, atomic_load(&sh.done), cfg->games);
    pb_sim_totals_init(out);
    for (int i = 0; i < n; i++)
        pb_sim_totals_merge(out, &w[i].totals);
    int rc = 0;
    if (atomic_load(&sh.failed)) {
        snprintf(err, errlen, "%s", sh.error);
        rc = -1;
    }
    free(w);
    free(tid);
    pthread_mutex_destroy(&sh.lock);
    return rc;
}
