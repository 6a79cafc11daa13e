/* tables/data.c: the table data (see data.h): allocation, and the exact computation of every
 * cell by worker threads over units of work (one unit = one offense x defense x togo with its
 * 25 cards and the deck, or one special-teams cell). Each unit writes only its own slots. */
#include "data.h"
#include "workers.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Midfield, the red zone, backed up, and a spread for the explorer (descending togo). */
const int pb_table_explore_togo[] = {99, 95, 90, 80, 70, 60, 50, 40, 30, 25, 20, 15, 10, 5, 3, 2, 1};
const int pb_table_explore_ntogo = (int)(sizeof pb_table_explore_togo / sizeof pb_table_explore_togo[0]);


static size_t nplay(void)
{
    return (size_t)PB_OFFENSE_COUNT * PB_DEFENSE_COUNT * PB_TABLE_NCARDS * PB_TABLE_NTOGO;
}

static size_t nexplore(void)
{
    return (size_t)PB_OFFENSE_COUNT * PB_DEFENSE_COUNT * PB_TABLE_NCARDS * (size_t)pb_table_explore_ntogo;
}

long pb_table_explore_slot(int offense, int defense, int card, int togo)
{
    for (int k = 0; k < pb_table_explore_ntogo; k++)
        if (pb_table_explore_togo[k] == togo)
            return (((long)offense * PB_DEFENSE_COUNT + (defense - 1)) * PB_TABLE_NCARDS + card) *
                       pb_table_explore_ntogo + k;
    return -1;
}

static void stats_init(pb_table_stats *s)
{
    mpq_inits(s->td, s->first_down, s->turnover, s->safety, s->complete, s->mean_yards, s->yard_p, NULL);
}

static void stats_clear(pb_table_stats *s)
{
    mpq_clears(s->td, s->first_down, s->turnover, s->safety, s->complete, s->mean_yards, s->yard_p, NULL);
}

int pb_table_data_init(pb_table_data *d, const pb_ruleset *rules, const pb_policies *policies)
{
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    d->policies = *policies;
    d->play = calloc(nplay(), sizeof *d->play);
    d->explore = calloc(nexplore(), sizeof *d->explore);
    if (!d->play || !d->explore) {
        free(d->play);
        free(d->explore);
        d->play = NULL;   /* pb_table_data_release: nothing to release */
        d->explore = NULL;
        return -1;
    }
    for (size_t i = 0; i < nplay(); i++)
        stats_init(&d->play[i]);
    for (size_t i = 0; i < nexplore(); i++)
        pb_dist_init(&d->explore[i]);
    for (int t = 0; t < PB_TABLE_NTOGO; t++) {
        mpq_init(d->fg_good[t]);
        pb_dist_init(&d->punt[t]);
    }
    mpq_init(d->pat_good);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 0; k < PB_DEFENSE_COUNT; k++)
            mpq_init(d->two_point[o][k]);
    pb_dist_init(&d->onside);
    pb_dist_init(&d->onside_free);
    pb_dist_init(&d->kickoff);
    pb_dist_init(&d->free_kick);
    pb_dist_init(&d->ret);
    return 0;
}

void pb_table_data_release(pb_table_data *d)
{
    if (!d->play)
        return;
    for (size_t i = 0; i < nplay(); i++)
        stats_clear(&d->play[i]);
    free(d->play);
    for (size_t i = 0; i < nexplore(); i++)
        pb_dist_release(&d->explore[i]);
    free(d->explore);
    for (int t = 0; t < PB_TABLE_NTOGO; t++) {
        mpq_clear(d->fg_good[t]);
        pb_dist_release(&d->punt[t]);
    }
    mpq_clear(d->pat_good);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 0; k < PB_DEFENSE_COUNT; k++)
            mpq_clear(d->two_point[o][k]);
    pb_dist_release(&d->onside);
    pb_dist_release(&d->onside_free);
    pb_dist_release(&d->kickoff);
    pb_dist_release(&d->free_kick);
    pb_dist_release(&d->ret);
    free(d->findings);
    free(d->sim);
    free(d->game_cards);
    memset(d, 0, sizeof *d);
}

void pb_table_stats_from_dist(pb_table_stats *s, const pb_dist *dist)
{
    pb_summary sum;
    pb_summary_init(&sum);
    pb_summarize(dist, &sum);
    mpq_set(s->td, sum.td);
    mpq_set(s->first_down, sum.first_down);
    mpq_set(s->turnover, sum.turnover);
    mpq_set(s->safety, sum.safety);
    mpq_set(s->complete, sum.complete);
    mpq_set(s->mean_yards, sum.mean_yards);
    pb_summary_release(&sum);
    mpz_t w;
    mpz_init(w);
    for (size_t i = 0; i < dist->count; i++) {
        pb_outcome_kind k = dist->entries[i].kind;
        if (k == PB_OUT_GAIN || k == PB_OUT_INCOMPLETE || k == PB_OUT_SACK || k == PB_OUT_PENALTY)
            mpz_add(w, w, dist->entries[i].num);
    }
    mpz_set(mpq_numref(s->yard_p), w);
    mpz_set(mpq_denref(s->yard_p), dist->den);
    mpq_canonicalize(s->yard_p);
    mpz_clear(w);
}

/* ---- units of work ---- */

enum { UNIT_PLAY, UNIT_FG, UNIT_PAT, UNIT_TWO_POINT, UNIT_KICKS, UNIT_PUNT };

typedef struct {
    int kind, offense, defense, togo;
} unit;

typedef struct {
    pb_table_data *d;
    pb_play_env env;
    unit *units;
    long nunits, next, done;
    pthread_mutex_t lock;
    pb_table_progress progress;
    void *arg;
    int failed;
    char err[512];
} job;

static int query(job *j, pb_dist *out, pb_action action, int togo, int offense, int defense, int card, char *err,
                 size_t errlen)
{
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = action;
    q.sit = pb_situation_default(&j->d->rules, togo > 0 ? togo : 50);
    q.offense = (pb_offense)offense;
    q.defense = defense;
    q.card = card;
    q.depth = 0;
    int rc = pb_enumerate(out, &j->env, &q, err, errlen);
    if (rc == 0 && pb_dist_check(out) != 0) {
        snprintf(err, errlen, "internal error: a distribution does not sum to exactly 1");
        return -1;
    }
    return rc;
}

/* One offense x defense x togo: the 25 cards, the deck, and the explorer's copies. */
static int run_play(job *j, const unit *u, char *err, size_t errlen)
{
    pb_table_data *d = j->d;
    pb_dist dist[PB_CARD_COUNT + 1], deck;
    const pb_dist *in[PB_CARD_COUNT];
    unsigned long wnum[PB_CARD_COUNT];
    unsigned wexp[PB_CARD_COUNT];
    int n = 0, rc = 0;
    for (; n <= PB_CARD_COUNT; n++) {
        if (query(j, &dist[n], PB_ACTION_PLAY, u->togo, u->offense, u->defense, n, err, errlen) != 0) {
            pb_dist_release(&dist[n]);
            rc = -1;
            break;
        }
    }
    if (rc == 0) {
        for (int c = 0; c < PB_CARD_COUNT; c++) {
            in[c] = &dist[c + 1];
            wnum[c] = 9;  /* each card 1/24 = 9/6^3 */
            wexp[c] = 3;
        }
        if (pb_dist_mix(&deck, in, wnum, wexp, PB_CARD_COUNT) != 0) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        } else if (pb_dist_check(&deck) != 0) {
            snprintf(err, errlen, "internal error: a deck distribution does not sum to exactly 1");
            rc = -1;
        }
        for (int c = 0; c < PB_TABLE_NCARDS && rc == 0; c++) {
            const pb_dist *src = c == PB_TABLE_DECK ? &deck : &dist[c];
            pb_table_stats_from_dist(&d->play[pb_table_index(u->offense, u->defense, c, u->togo)], src);
            long x = pb_table_explore_slot(u->offense, u->defense, c, u->togo);
            if (x >= 0) {
                pb_dist_release(&d->explore[x]);
                if (pb_dist_collapse(src, &d->explore[x]) != 0) {
                    snprintf(err, errlen, "out of memory");
                    rc = -1;
                }
            }
        }
        pb_dist_release(&deck);
    }
    for (int c = 0; c < n; c++)
        pb_dist_release(&dist[c]);
    return rc;
}

static int run_unit(job *j, const unit *u, char *err, size_t errlen)
{
    pb_table_data *d = j->d;
    pb_dist x;
    pb_summary s;
    int rc = 0;
    switch (u->kind) {
    case UNIT_PLAY:
        return run_play(j, u, err, errlen);
    case UNIT_FG:
        pb_summary_init(&s);
        for (int t = 1; t <= d->rules.fg_max_togo && t < PB_TABLE_NTOGO && rc == 0; t++) {
            rc = query(j, &x, PB_ACTION_FIELD_GOAL, t, 0, 1, 0, err, errlen);
            if (rc == 0) {
                pb_summarize(&x, &s);
                mpq_set(d->fg_good[t], s.good);
            }
            pb_dist_release(&x);
        }
        pb_summary_release(&s);
        return rc;
    case UNIT_PAT:
    case UNIT_TWO_POINT:
        rc = query(j, &x, u->kind == UNIT_PAT ? PB_ACTION_PAT : PB_ACTION_TWO_POINT, 0, u->offense, u->defense, 0,
                   err, errlen);
        if (rc == 0) {
            pb_summary_init(&s);
            pb_summarize(&x, &s);
            /* a two-point try is a play: scored = touchdown */
            if (u->kind == UNIT_PAT)
                mpq_set(d->pat_good, s.good);
            else
                mpq_set(d->two_point[u->offense][u->defense - 1], s.td);
            pb_summary_release(&s);
        }
        pb_dist_release(&x);
        return rc;
    case UNIT_KICKS: {
        struct { pb_action a; pb_dist *out; } k[] = {
            {PB_ACTION_KICKOFF, &d->kickoff}, {PB_ACTION_FREE_KICK, &d->free_kick},
            {PB_ACTION_ONSIDE, &d->onside}, {PB_ACTION_ONSIDE_FREE, &d->onside_free}};
        for (size_t i = 0; i < sizeof k / sizeof k[0] && rc == 0; i++) {
            pb_dist_release(k[i].out);
            rc = query(j, k[i].out, k[i].a, 0, 0, 1, 0, err, errlen);
        }
        if (rc == 0) {
            pb_dist_release(&d->ret);
            rc = query(j, &d->ret, PB_ACTION_RETURN, 99, 0, 1, 0, err, errlen);
        }
        return rc;
    }
    case UNIT_PUNT:
        pb_dist_release(&d->punt[u->togo]);
        return query(j, &d->punt[u->togo], PB_ACTION_PUNT, u->togo, 0, 1, 0, err, errlen);
    }
    return -1;
}

static void *worker(void *arg)
{
    job *j = arg;
    char err[512];
    for (;;) {
        pthread_mutex_lock(&j->lock);
        long i = j->failed ? j->nunits : j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->nunits)
            break;
        err[0] = '\0';
        int rc = run_unit(j, &j->units[i], err, sizeof err);
        pthread_mutex_lock(&j->lock);
        if (rc != 0 && !j->failed) {
            j->failed = 1;
            snprintf(j->err, sizeof j->err, "%s", err[0] ? err : "enumeration failed");
        }
        j->done++;
        if (j->progress && !j->failed)
            j->progress(j->arg, j->done, j->nunits);
        pthread_mutex_unlock(&j->lock);
    }
    return NULL;
}

void pb_table_need_all(pb_table_need *n)
{
    n->special = true;
    for (int t = 0; t < PB_TABLE_NTOGO; t++)
        n->togo[t] = t >= 1;
}

int pb_table_data_compute(pb_table_data *d, const pb_table_need *need, int threads, pb_table_progress progress,
                          void *arg, char *err, size_t errlen)
{
    job j;
    memset(&j, 0, sizeof j);
    j.d = d;
    j.env.rules = &d->rules;
    j.env.policies = d->policies;
    j.env.eval = pb_enum_evaluator();
    j.env.trace = NULL;
    j.progress = progress;
    j.arg = arg;
    long cap = PB_OFFENSE_COUNT * PB_DEFENSE_COUNT * 99 + 4 + PB_OFFENSE_COUNT * PB_DEFENSE_COUNT + 99;
    j.units = calloc((size_t)cap, sizeof *j.units);
    if (!j.units) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* the slow units first (the kicks' return chains, long plays near the own goal line) */
    if (need->special)
        j.units[j.nunits++] = (unit){UNIT_KICKS, 0, 1, 0};
    for (int t = 99; t >= 1; t--)
        if (need->togo[t])
            for (int o = 0; o < PB_OFFENSE_COUNT; o++)
                for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
                    j.units[j.nunits++] = (unit){UNIT_PLAY, o, k, t};
    if (need->special) {
        for (int t = 99; t >= 1; t--)
            j.units[j.nunits++] = (unit){UNIT_PUNT, 0, 1, t};
        j.units[j.nunits++] = (unit){UNIT_FG, 0, 1, 0};
        j.units[j.nunits++] = (unit){UNIT_PAT, 0, 1, 0};
        for (int o = 0; o < PB_OFFENSE_COUNT; o++)
            for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
                j.units[j.nunits++] = (unit){UNIT_TWO_POINT, o, k, 0};
    }
    pthread_mutex_init(&j.lock, NULL);
    if (threads <= 0)
        threads = pb_workers_default();
    pb_workers_run(threads, worker, &j);
    pthread_mutex_destroy(&j.lock);
    free(j.units);
    if (j.failed) {
        snprintf(err, errlen, "%s", j.err);
        return -1;
    }
    return 0;
}
