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
/* games held at once: 3.3 KB each; more games are played in passes, each solving the layers again
 * (PB_LOCKSTEP_PER_PASS, tests: fewer) */
#define GAMES_PER_PASS (1u << 20)

static uint64_t games_per_pass(void)
{
    const char *e = getenv("PB_LOCKSTEP_PER_PASS");
    long long n = e && *e ? atoll(e) : 0;
    return n > 0 && n < GAMES_PER_PASS ? (uint64_t)n : GAMES_PER_PASS;
}

typedef struct {
    const pb_sim_config *cfg;   /* [ncfg]: the same games, seed and threads in each */
    int ncfg;
    pb_sim_game *games;         /* [ncfg * n]: config k's game first + i at k * n + i */
    uint64_t first, n;          /* this pass's games: indices first .. first + n - 1 */
    int half, L;                /* step each game while it is in (half, L); L < 0: until it leaves the half */
    atomic_uint_fast64_t next;
    pb_sim_totals *totals;      /* [threads * ncfg] */
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
        uint64_t a = atomic_fetch_add(&p->next, CHUNK), all = p->n * (uint64_t)p->ncfg;
        if (a >= all)
            break;
        uint64_t b = a + CHUNK < all ? a + CHUNK : all;
        for (uint64_t j = a; j < b; j++) {
            pb_game *g = &p->games[j].game;
            uint64_t i = j % p->n;
            int k = (int)(j / p->n);
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
                pb_sim_totals_add_game(&p->totals[wk->t * p->ncfg + k], g);
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

/* Is natural layer L of half h one of the solve's checkpoints (wp_solve.c, mark_checkpoints)? */
static int is_mark(const pb_wp *w, int h, int L)
{
    return h <= 2 && L >= 2 && L < pb_wp_cards(w, h) && (L - 2) % w->checkpoint == 0;
}

/* After the games have left layer L: released, but a checkpoint when another pass follows. */
static void done_with(pb_wp *w, int h, int L, int keep_marks)
{
    if (keep_marks && is_mark(w, h, L))
        pb_wp_release_extras(w, h, L);
    else
        pb_wp_release_whole(w, h, L);
}

/* One half: the stretches (c, hi] above each checkpoint c from the top down, each solved again
 * from c (hi itself kept when it is a checkpoint), its layers stepped through and released; then
 * the bottom, solved again from the end of the half. keep_marks: another pass follows, which
 * needs the checkpoints again. */
static int play_half(pb_wp *w, pass *p, int h, int keep_marks, double *done, double total, char *err, size_t errlen)
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
                done_with(w, h, L, keep_marks);
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
        done_with(w, h, L, keep_marks);
    step_done(done, total);
    return 0;
}

/* A game's result for the pairs: 2 a win, 1 a tie, 0 a loss, of the opening kicker (from a moment:
 * of the home team, which has the ball there). */
static int result_of(const pb_game *g, int from_moment)
{
    int team = from_moment ? PB_HOME : 1 - g->opening_receiver, d = g->score[team] - g->score[1 - team];
    return d > 0 ? 2 : d == 0 ? 1 : 0;
}

int pb_wp_lockstep_run(pb_wp *w, const pb_sim_config *cfg, int ncfg, pb_sim_totals *out, pb_wp_pairs *pairs,
                       char *err, size_t errlen)
{
    for (int k = 0; k < ncfg; k++)
        pb_sim_totals_init(&out[k]);
    if (pairs)
        memset(pairs, 0, sizeof *pairs);
    if (w->checkpoint <= 0 || ncfg < 1 || cfg[0].drive) {
        snprintf(err, errlen, "games layer by layer need a solve that kept its checkpoints (pb_wp_opts.checkpoint)");
        return -1;
    }
    int first_half = 3;   /* the first half a game starts in */
    for (int k = 0; k < ncfg; k++) {
        if (cfg[k].games != cfg[0].games || cfg[k].seed != cfg[0].seed || cfg[k].drive ||
            (pairs && k == 1 && cfg[k].start != cfg[0].start)) {
            snprintf(err, errlen, "games layer by layer: the configurations differ in their games");
            return -1;
        }
        int h = cfg[k].start ? cfg[k].start->half : 1;
        first_half = h < first_half ? h : first_half;
    }
    int threads = cfg[0].threads < 1 ? 1 : cfg[0].threads > 64 ? 64 : cfg[0].threads;
    uint64_t games = cfg[0].games, cap = games_per_pass() / (uint64_t)ncfg;
    cap = cap ? cap : 1;
    uint64_t per = games < cap ? games : cap;
    pass p;
    memset(&p, 0, sizeof p);
    p.cfg = cfg;
    p.ncfg = ncfg;
    p.games = calloc((per ? per : 1) * (size_t)ncfg, sizeof *p.games);
    p.totals = calloc((size_t)threads * (size_t)ncfg, sizeof *p.totals);
    pthread_mutex_init(&p.lock, NULL);
    int st = p.games && p.totals ? 0 : -1;
    if (st != 0)
        snprintf(err, errlen, "out of memory (%llu games at once)", (unsigned long long)(per * (uint64_t)ncfg));
    int from_moment = cfg[0].start != NULL;
    double passes = (double)((games + per - 1) / (per ? per : 1)), total = passes * steps_of(w), done = 0;
    for (uint64_t first = 0; st == 0 && first < games; first += per) {
        p.first = first;
        p.n = games - first < per ? games - first : per;
        for (int k = 0; k < ncfg; k++)
            for (uint64_t i = 0; i < p.n; i++) {
                pb_sim_game *sg = &p.games[(uint64_t)k * p.n + i];
                pb_sim_game_init(sg, &cfg[k], first + i, NULL);
                if (cfg[k].start)
                    pb_game_start_at(&sg->game, PB_HOME, cfg[k].start);
                else
                    pb_game_start(&sg->game);
            }
        for (int h = 1; h <= 2 && st == 0; h++)
            if (h >= first_half)
                st = play_half(w, &p, h, first + p.n < games, &done, total, err, errlen);
        if (st == 0 && w->ot) {   /* the overtime's layers: kept whole by the solve */
            step_layer(&p, 3, -1);
            step_done(&done, total);
        }
        if (st == 0 && atomic_load(&p.failed)) {
            snprintf(err, errlen, "%s", p.error);
            st = -1;
        }
        for (uint64_t j = 0; st == 0 && j < p.n * (uint64_t)ncfg; j++)
            if (p.games[j].game.phase != PB_PHASE_OVER) {
                snprintf(err, errlen, "game %llu: not over after the last layer", (unsigned long long)(first + j % p.n));
                st = -1;
            }
        for (uint64_t i = 0; st == 0 && pairs && ncfg >= 2 && i < p.n; i++) {
            int d = result_of(&p.games[p.n + i].game, from_moment) - result_of(&p.games[i].game, from_moment);
            pairs->n++;
            pairs->sum += d;
            pairs->sum2 += d * d;
        }
    }
    for (int t = 0; st == 0 && t < threads; t++)
        for (int k = 0; k < ncfg; k++)
            pb_sim_totals_merge(&out[k], &p.totals[t * ncfg + k]);
    pthread_mutex_destroy(&p.lock);
    free(p.games);
    free(p.totals);
    return st;
}
