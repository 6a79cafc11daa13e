/* solve/wp_lockstep.c: games played by the solved strategy layer by layer, every state of the
 * layers they are in solved again and held whole meanwhile (wp_decider.h, pb_wp_lockstep_run).
 *
 * A value file that keeps only the headline (the default game's) leaves the decider to recompute
 * every later down, about 3 CPU seconds a game. But every card of a half takes one layer down, so
 * all games go through the layers in the same order: half 1 from its top to its end, then half 2,
 * then the overtime. The solve (pb_wp_opts.checkpoint K) kept every K-th natural layer whole; the
 * stretch above each is solved again from it (pb_wp_resolve_layers, the same operations, so the
 * same bits), the games are stepped through it (pb_game_step) until each leaves it, and the
 * stretch is released. Each layer is solved twice in all; K checkpoints and the stretch's K layers
 * are held at once. The bottom of a half (2 cards left and fewer, the extra plays') is solved again
 * whole; the overtime is kept whole by the solve.
 *
 * A game is played from its index as pb_sim_run plays it (pb_sim_game_init), so with every state
 * at hand the games are the games of a value file that keeps every state: the same totals. Within
 * a layer the games are stepped on the threads from a shared counter, each thread adding the
 * games it finishes to its own integer totals: the same for any thread count. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "sim.h"
#include "wp_decider.h"
#include "wp_internal.h"

#define CHUNK 64
/* games held at once: 3.3 KB each; more games are played in passes, each solving the layers again */
#define GAMES_PER_PASS (1u << 20)

typedef struct {
    const pb_sim_config *cfg;
    pb_sim_game *games;
    uint64_t first, n;          /* this pass's games: indices first .. first + n - 1 */
    int half, L;                /* step each game while it is in (half, L); L < 0: until it leaves the half */
    atomic_uint_fast64_t next;
    pb_sim_totals *totals;      /* [threads] */
    atomic_uint_fast64_t failed;   /* lowest failing game index + 1, or 0 */
    pthread_mutex_t lock;
    char error[200];
} pass;

typedef struct {
    pass *p;
    int t;
} worker;

static int half_of(const pb_game *g)
{
    int q = g->quarter, Q = g->env.rules->quarters;
    return ((q < Q ? q : Q) + 1) / 2 + (q > Q);
}

static int in_layer(const pb_game *g, int half, int L)
{
    if (g->phase == PB_PHASE_OVER || half_of(g) != half)
        return 0;
    return L < 0 || pb_game_cards_left_in_half(g) == L;
}

static void *step_games(void *arg)
{
    worker *wk = arg;
    pass *p = wk->p;
    for (;;) {
        uint64_t a = atomic_fetch_add(&p->next, CHUNK);
        if (a >= p->n)
            break;
        uint64_t b = a + CHUNK < p->n ? a + CHUNK : p->n;
        for (uint64_t i = a; i < b; i++) {
            pb_game *g = &p->games[i].game;
            if (g->phase == PB_PHASE_OVER)
                continue;
            while (in_layer(g, p->half, p->L))
                pb_game_step(g);
            if (g->phase != PB_PHASE_OVER)
                continue;
            if (g->error[0]) {
                pthread_mutex_lock(&p->lock);
                uint64_t f = atomic_load(&p->failed);
                if (f == 0 || p->first + i + 1 < f) {
                    atomic_store(&p->failed, p->first + i + 1);
                    snprintf(p->error, sizeof p->error, "game %llu: %s", (unsigned long long)(p->first + i), g->error);
                }
                pthread_mutex_unlock(&p->lock);
            } else {
                pb_sim_totals_add_game(&p->totals[wk->t], g);
            }
        }
    }
    return NULL;
}

/* Every game of the pass one step further: while in (half, L), or (L < 0) in the half. */
static void step_layer(pass *p, int half, int L)
{
    p->half = half;
    p->L = L;
    atomic_store(&p->next, 0);
    int n = p->cfg->threads < 1 ? 1 : p->cfg->threads, started = 0;
    pthread_t tid[64];
    worker wk[64];
    if (n > 64)
        n = 64;
    for (int t = 0; t < n; t++) {
        wk[t] = (worker){p, t};
        if (t > 0 && pthread_create(&tid[t], NULL, step_games, &wk[t]) == 0)
            started++;
        else if (t > 0)
            break;
    }
    step_games(&wk[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
}

/* The steps of one pass, for the progress reports: each half's natural layers above 2 cards
 * left and its bottom, the overtime. */
static double steps_of(const pb_wp *w)
{
    double n = w->ot ? 1 : 0;
    for (int h = 1; h <= 2; h++)
        n += (pb_wp_cards(w, h) > 2 ? pb_wp_cards(w, h) - 2 : 0) + 1;
    return n;
}

static void step_done(double *done, double total)
{
    *done += 1;
    pb_progress_report("playing the games layer by layer, layers", *done, total);
}

/* One half: the stretches (c, hi] above each checkpoint c from the top down, each solved again
 * from c (hi itself kept when it is a checkpoint), its layers stepped through and released; then
 * the bottom, solved again from the end of the half. */
static int play_half(pb_wp *w, pass *p, int h, double *done, double total, char *err, size_t errlen)
{
    int top = pb_wp_cards(w, h), K = w->checkpoint;
    if (top > 2) {
        int c = 2;
        while (c + K < top)
            c += K;
        for (int hi = top;; hi = c, c -= K) {
            if (pb_wp_resolve_layers(w, h, c, hi == top ? top : hi - 1, err, errlen) != 0)
                return -1;
            for (int L = hi; L > c; L--) {
                step_layer(p, h, L);
                pb_wp_release_whole(w, h, L);
                step_done(done, total);
            }
            if (c == 2)
                break;
        }
    }
    if (pb_wp_resolve_bottom(w, h, err, errlen) != 0)
        return -1;
    step_layer(p, h, -1);
    for (int L = 0; L <= 2; L++)
        pb_wp_release_whole(w, h, L);
    step_done(done, total);
    return 0;
}

int pb_wp_lockstep_run(pb_wp *w, const pb_sim_config *cfg, pb_sim_totals *out, char *err, size_t errlen)
{
    pb_sim_totals_init(out);
    if (w->checkpoint <= 0 || cfg->drive) {
        snprintf(err, errlen, "games layer by layer need a solve that kept its checkpoints (pb_wp_opts.checkpoint)");
        return -1;
    }
    int threads = cfg->threads < 1 ? 1 : cfg->threads > 64 ? 64 : cfg->threads;
    uint64_t per = cfg->games < GAMES_PER_PASS ? cfg->games : GAMES_PER_PASS;
    pass p;
    memset(&p, 0, sizeof p);
    p.cfg = cfg;
    p.games = calloc(per ? per : 1, sizeof *p.games);
    p.totals = calloc((size_t)threads, sizeof *p.totals);
    pthread_mutex_init(&p.lock, NULL);
    int st = p.games && p.totals ? 0 : -1;
    if (st != 0)
        snprintf(err, errlen, "out of memory (%llu games at once)", (unsigned long long)per);
    double passes = (double)((cfg->games + per - 1) / (per ? per : 1)), total = passes * steps_of(w), done = 0;
    for (uint64_t first = 0; st == 0 && first < cfg->games; first += per) {
        p.first = first;
        p.n = cfg->games - first < per ? cfg->games - first : per;
        for (uint64_t i = 0; i < p.n; i++) {
            pb_sim_game_init(&p.games[i], cfg, first + i, NULL);
            if (cfg->start)
                pb_game_start_at(&p.games[i].game, PB_HOME, cfg->start);
            else
                pb_game_start(&p.games[i].game);
        }
        for (int h = 1; h <= 2 && st == 0; h++)
            if (!cfg->start || h >= cfg->start->half)
                st = play_half(w, &p, h, &done, total, err, errlen);
        if (st == 0 && w->ot) {   /* the overtime's layers: kept whole by the solve */
            step_layer(&p, 3, -1);
            step_done(&done, total);
        }
        if (st == 0 && atomic_load(&p.failed)) {
            snprintf(err, errlen, "%s", p.error);
            st = -1;
        }
        for (uint64_t i = 0; st == 0 && i < p.n; i++)
            if (p.games[i].game.phase != PB_PHASE_OVER) {
                snprintf(err, errlen, "game %llu: not over after the last layer", (unsigned long long)(first + i));
                st = -1;
            }
    }
    for (int t = 0; st == 0 && t < threads; t++)
        pb_sim_totals_merge(out, &p.totals[t]);
    pthread_mutex_destroy(&p.lock);
    free(p.games);
    free(p.totals);
    return st;
}
