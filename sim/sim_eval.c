/* sim/sim_eval.c: a memo in front of the exact evaluator, for the simulator (see sim.h).
 *
 * The "best" policies ask for E[play value] of a call at a situation (cards 21-24) and for
 * E[start after a return] (kicks, punts). For the calls play.c makes, no card or a timeout card
 * with the timeout forced either way, the value depends only on (togo, offense, defense, card,
 * forced choice): no card effect there reads the down, the yards to gain, the lead or the
 * timeouts, and a forced timeout is only asked for when the side has one. So the memo asks the
 * inner evaluator once per key, at a canonical situation (1st and 10 or goal, tied, one
 * timeout each), and keeps the exact value. Slots are filled once under a mutex and published
 * with a release store; readers take them with an acquire load and no lock.
 *
 * The card-timeout decisions themselves (cards 21-24, policy "best" or "always") are kept too,
 * as a decision table the game consults before the play (pb_timeout_decider): the same
 * comparisons play.c makes with the exact values (pre_snap_timeout, best_response), made once
 * per (togo, offense, defense, card) instead of with fresh rationals at every such play.
 * tests/sim.c checks the table against play.c's own decisions.
 *
 * Likewise the touchback-or-return choice ("best", special.c's receive): decided once per
 * landing spot with the same exact comparison, and handed to the game (pb_return_decider)
 * before the kick. The landing spot of each kick is learnt, not restated: at creation the memo
 * asks pb_kickoff_landing (each of the 21 rolls, from the kickoff and free-kick spots) and
 * pb_punt_landing (each togo), which run special.c itself with a probe (core/kick_landing.c). */
#include "sim.h"

#include <pthread.h>
#include <string.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define TOGO_SLOTS 100                /* togo 1..99 (and landing 1..100 for returns) */
#define PLAY_SLOTS (TOGO_SLOTS * PB_OFFENSE_COUNT * PB_DEFENSE_COUNT * (PB_CARD_COUNT + 1) * 2)

typedef struct {
    atomic_int ready;
    mpq_t value;
} slot;

typedef struct {
    atomic_int ready;
    int take;        /* take the timeout */
    int change_to;   /* 23: the offense card, 24: the defense card (1..5) */
} decision;


struct pb_sim_eval {
    pb_evaluator base;
    const pb_evaluator *inner;
    const pb_ruleset *rs;
    pb_policies pol;
    pthread_mutex_t lock;
    slot *play;                       /* PLAY_SLOTS */
    slot ret[TOGO_SLOTS + 1];         /* landing 0..100 */
    decision dec[TOGO_SLOTS][PB_OFFENSE_COUNT][PB_DEFENSE_COUNT][PB_CARD_COUNT];
    pb_timeout_decider decider;
    /* returns: landing spots learnt from special.c (-1: unknown), decisions by landing */
    int kick_from[2];                  /* kickoff_from, free_kick_from */
    int kick_landing[2][7][7];         /* [from index][a][b], a <= b */
    int punt_landing[TOGO_SLOTS];
    decision ret_dec[TOGO_SLOTS + 1];  /* landing 0..100: take = return */
    pb_return_decider return_decider;
};

static bool same_policies(const pb_policies *a, const pb_policies *b)
{
    return a->challenge == b->challenge && a->timeout == b->timeout && a->penalty == b->penalty && a->ret == b->ret;
}

/* The slot for a call, or -1 when the call's value may depend on more than the key. */
static long play_slot(const pb_sim_eval *m, const pb_situation *s, const pb_call *c)
{
    if (s->togo < 1 || s->togo > 99 || c->offense >= PB_OFFENSE_COUNT || c->defense < 1 ||
        c->defense > PB_DEFENSE_COUNT || c->card < 0 || c->card > PB_CARD_COUNT)
        return -1;
    int force;
    if (c->card == 0)
        force = 0;
    else if (m->rs->card[c->card - 1].timeout != PB_SIDE_NONE && c->timeout_force == PB_TIMEOUT_FORCE_NOT_TAKEN)
        force = 0;
    else if (m->rs->card[c->card - 1].timeout != PB_SIDE_NONE && c->timeout_force == PB_TIMEOUT_FORCE_TAKEN)
        force = 1;
    else
        return -1;
    /* a timeout card not taken is the play with no card */
    int card = force ? c->card : 0;
    long k = s->togo;
    k = k * PB_OFFENSE_COUNT + c->offense;
    k = k * PB_DEFENSE_COUNT + (c->defense - 1);
    k = k * (PB_CARD_COUNT + 1) + card;
    k = k * 2 + force;
    return k < PLAY_SLOTS ? k : -1;
}

/* Fill *sl once with compute(); copy it to out. */
static int fetch(pb_sim_eval *m, slot *sl, mpq_t out, int (*compute)(pb_sim_eval *m, const void *arg, mpq_t v),
                 const void *arg)
{
    if (!atomic_load_explicit(&sl->ready, memory_order_acquire)) {
        pthread_mutex_lock(&m->lock);
        int rc = 0;
        if (!atomic_load_explicit(&sl->ready, memory_order_relaxed)) {
            mpq_init(sl->value);
            rc = compute(m, arg, sl->value);
            if (rc == 0)
                atomic_store_explicit(&sl->ready, 1, memory_order_release);
            else
                mpq_clear(sl->value);
        }
        pthread_mutex_unlock(&m->lock);
        if (rc != 0)
            return rc;
    }
    mpq_set(out, sl->value);
    return 0;
}

typedef struct {
    pb_situation s;
    pb_call c;
} play_arg;

static int compute_play(pb_sim_eval *m, const void *varg, mpq_t v)
{
    const play_arg *a = varg;
    return m->inner->expect_play(m->inner, m->rs, &m->pol, &a->s, &a->c, v);
}

static int compute_return(pb_sim_eval *m, const void *varg, mpq_t v)
{
    return m->inner->expect_return(m->inner, m->rs, *(const int *)varg, v);
}

static int memo_expect_play(const pb_evaluator *ev, const pb_ruleset *rs, const pb_policies *pol,
                            const pb_situation *s, const pb_call *c, mpq_t out)
{
    pb_sim_eval *m = ev->self;
    long k = rs == m->rs && same_policies(pol, &m->pol) ? play_slot(m, s, c) : -1;
    if (k < 0)
        return m->inner->expect_play(m->inner, rs, pol, s, c, out);
    play_arg a;
    a.s = pb_situation_default(rs, s->togo);
    a.s.timeouts_off = a.s.timeouts_def = 1;
    a.c = *c;
    if (c->timeout_force == PB_TIMEOUT_FORCE_NOT_TAKEN) {
        a.c.card = 0;
        a.c.timeout_force = PB_TIMEOUT_POLICY;
    }
    return fetch(m, &m->play[k], out, compute_play, &a);
}

static int memo_expect_return(const pb_evaluator *ev, const pb_ruleset *rs, int landing, mpq_t out)
{
    pb_sim_eval *m = ev->self;
    if (rs != m->rs || landing < 0 || landing > TOGO_SLOTS)
        return m->inner->expect_return(m->inner, rs, landing, out);
    return fetch(m, &m->ret[landing], out, compute_return, &landing);
}

/* ---- the card-timeout decision table ---- */

static int expect_at(pb_sim_eval *m, int togo, pb_offense off, int def, mpq_t out)
{
    pb_situation s = pb_situation_default(m->rs, togo);
    pb_call c = {off, def, 0, PB_TIMEOUT_FORCE_NOT_TAKEN};
    return memo_expect_play(&m->base, m->rs, &m->pol, &s, &c, out);
}

/* play.c's best_response: the best card for `side` against the other's call, by expected
 * value of the play with no card; ties keep the current card. */
static int best_response(pb_sim_eval *m, int togo, pb_side side, pb_offense off, int def)
{
    mpq_t best, e;
    mpq_inits(best, e, NULL);
    int current = side == PB_SIDE_OFFENSE ? (int)off : def, choice = current;
    int first = side == PB_SIDE_OFFENSE ? 0 : 1, last = side == PB_SIDE_OFFENSE ? PB_OFFENSE_COUNT - 1 : PB_DEFENSE_COUNT;
    expect_at(m, togo, off, def, best);
    for (int x = first; x <= last; x++) {
        if (x == current)
            continue;
        expect_at(m, togo, side == PB_SIDE_OFFENSE ? (pb_offense)x : off, side == PB_SIDE_OFFENSE ? def : x, e);
        int cmp = mpq_cmp(e, best);
        if (side == PB_SIDE_OFFENSE ? cmp > 0 : cmp < 0) {
            mpq_set(best, e);
            choice = x;
        }
    }
    mpq_clears(best, e, NULL);
    return choice;
}

/* play.c's pre_snap_timeout, for a side that has a timeout. */
static void compute_decision(pb_sim_eval *m, int togo, pb_offense off, int def, int card, decision *d)
{
    const pb_play_card *pc = &m->rs->card[card - 1];
    bool change = pc->effect == PB_EFFECT_CHANGE_CARD;
    int policy = m->pol.timeout, current = pc->timeout == PB_SIDE_OFFENSE ? (int)off : def;
    d->change_to = current;
    if (policy == PB_POLICY_NEVER) {
        d->take = 0;
    } else if (change) {
        d->change_to = best_response(m, togo, pc->timeout, off, def);
        d->take = policy == PB_POLICY_ALWAYS || d->change_to != current;
    } else if (policy == PB_POLICY_ALWAYS) {
        d->take = 1;
    } else {
        pb_situation s = pb_situation_default(m->rs, togo);
        pb_call taken = {off, def, card, PB_TIMEOUT_FORCE_TAKEN}, not_taken = {off, def, card, PB_TIMEOUT_FORCE_NOT_TAKEN};
        mpq_t a, b;
        mpq_inits(a, b, NULL);
        memo_expect_play(&m->base, m->rs, &m->pol, &s, &taken, a);
        memo_expect_play(&m->base, m->rs, &m->pol, &s, &not_taken, b);
        int cmp = mpq_cmp(a, b);
        d->take = pc->timeout == PB_SIDE_OFFENSE ? cmp > 0 : cmp < 0;
        mpq_clears(a, b, NULL);
    }
}

static pthread_mutex_t decision_lock = PTHREAD_MUTEX_INITIALIZER;

void pb_sim_eval_timeout(pb_sim_eval *m, const pb_situation *s, pb_call *call)
{
    if (s->togo < 1 || s->togo > 99 || call->card < 1 || call->card > PB_CARD_COUNT ||
        m->rs->card[call->card - 1].timeout == PB_SIDE_NONE)
        return;
    decision *d = &m->dec[s->togo][call->offense][call->defense - 1][call->card - 1];
    if (!atomic_load_explicit(&d->ready, memory_order_acquire)) {
        /* a lock of its own: computing takes m->lock inside the memo */
        pthread_mutex_lock(&decision_lock);
        if (!atomic_load_explicit(&d->ready, memory_order_relaxed)) {
            compute_decision(m, s->togo, call->offense, call->defense, call->card, d);
            atomic_store_explicit(&d->ready, 1, memory_order_release);
        }
        pthread_mutex_unlock(&decision_lock);
    }
    call->timeout_force = d->take ? PB_TIMEOUT_FORCE_TAKEN : PB_TIMEOUT_FORCE_NOT_TAKEN;
    if (d->take && m->rs->card[call->card - 1].effect == PB_EFFECT_CHANGE_CARD) {
        if (m->rs->card[call->card - 1].timeout == PB_SIDE_OFFENSE)
            call->offense = (pb_offense)d->change_to;
        else
            call->defense = d->change_to;
    }
}

static void decider_fn(void *self, const pb_situation *s, pb_call *call) { pb_sim_eval_timeout(self, s, call); }

const pb_timeout_decider *pb_sim_eval_decider(pb_sim_eval *m) { return &m->decider; }

/* ---- the touchback-or-return table ---- */

static void learn_landings(pb_sim_eval *m)
{
    m->kick_from[0] = m->rs->kickoff_from;
    m->kick_from[1] = m->rs->free_kick_from;
    for (int k = 0; k < 2; k++)
        for (int a = 0; a < 7; a++)
            for (int b = 0; b < 7; b++) {
                pb_dice d = {a, b};
                m->kick_landing[k][a][b] = a >= 1 && a <= b && b <= 6 ? pb_kickoff_landing(m->rs, m->kick_from[k], d) : -1;
            }
    for (int t = 0; t < TOGO_SLOTS; t++)
        m->punt_landing[t] = pb_punt_landing(m->rs, t);
}

/* special.c's receive under "best": return unless returning is expected to be worse than the
 * touchback (E[start] > touchback togo). 1 return, 0 touchback, -1 when it cannot say. */
static int return_choice(pb_sim_eval *m, int landing)
{
    if (landing < 0 || landing > TOGO_SLOTS || m->pol.ret != PB_RETURN_BEST)
        return -1;
    decision *d = &m->ret_dec[landing];
    if (!atomic_load_explicit(&d->ready, memory_order_acquire)) {
        pthread_mutex_lock(&decision_lock);
        if (!atomic_load_explicit(&d->ready, memory_order_relaxed)) {
            mpq_t e, tb;
            mpq_inits(e, tb, NULL);
            d->take = -1;
            if (memo_expect_return(&m->base, m->rs, landing, e) == 0) {
                mpq_set_si(tb, m->rs->touchback_togo, 1);
                d->take = mpq_cmp(e, tb) <= 0;
            }
            mpq_clears(e, tb, NULL);
            atomic_store_explicit(&d->ready, 1, memory_order_release);
        }
        pthread_mutex_unlock(&decision_lock);
    }
    return d->take;
}

int pb_sim_eval_kickoff_return(pb_sim_eval *m, int from_own, pb_dice roll)
{
    int k = from_own == m->kick_from[0] ? 0 : from_own == m->kick_from[1] ? 1 : -1;
    if (k < 0 || roll.a < 1 || roll.a > roll.b || roll.b > 6)
        return -1;
    return return_choice(m, m->kick_landing[k][roll.a][roll.b]);
}

int pb_sim_eval_punt_return(pb_sim_eval *m, int togo)
{
    return togo >= 1 && togo < TOGO_SLOTS ? return_choice(m, m->punt_landing[togo]) : -1;
}

static int kickoff_fn(void *self, int from_own, pb_dice roll) { return pb_sim_eval_kickoff_return(self, from_own, roll); }
static int punt_fn(void *self, int togo) { return pb_sim_eval_punt_return(self, togo); }

const pb_return_decider *pb_sim_eval_return_decider(pb_sim_eval *m) { return &m->return_decider; }

pb_sim_eval *pb_sim_eval_create(const pb_evaluator *inner, const pb_ruleset *rs, const pb_policies *pol)
{
    pb_sim_eval *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->play = calloc(PLAY_SLOTS, sizeof *m->play);
    if (!m->play) {
        free(m);
        return NULL;
    }
    for (long i = 0; i < PLAY_SLOTS; i++)
        atomic_init(&m->play[i].ready, 0);
    for (int i = 0; i <= TOGO_SLOTS; i++)
        atomic_init(&m->ret[i].ready, 0);
    for (int t = 0; t < TOGO_SLOTS; t++)
        for (int o = 0; o < PB_OFFENSE_COUNT; o++)
            for (int d = 0; d < PB_DEFENSE_COUNT; d++)
                for (int c = 0; c < PB_CARD_COUNT; c++)
                    atomic_init(&m->dec[t][o][d][c].ready, 0);
    m->decider.decide = decider_fn;
    m->decider.self = m;
    for (int i = 0; i <= TOGO_SLOTS; i++)
        atomic_init(&m->ret_dec[i].ready, 0);
    m->return_decider.kickoff = kickoff_fn;
    m->return_decider.punt = punt_fn;
    m->return_decider.self = m;
    m->base.expect_play = memo_expect_play;
    m->base.expect_return = memo_expect_return;
    m->base.self = m;
    m->inner = inner;
    m->rs = rs;
    m->pol = *pol;
    pthread_mutex_init(&m->lock, NULL);
    learn_landings(m);
    return m;
}

const pb_evaluator *pb_sim_eval_evaluator(const pb_sim_eval *m) { return &m->base; }

void pb_sim_eval_free(pb_sim_eval *m)
{
    if (!m)
        return;
    for (long i = 0; i < PLAY_SLOTS; i++)
        if (atomic_load(&m->play[i].ready))
            mpq_clear(m->play[i].value);
    for (int i = 0; i <= TOGO_SLOTS; i++)
        if (atomic_load(&m->ret[i].ready))
            mpq_clear(m->ret[i].value);
    pthread_mutex_destroy(&m->lock);
    free(m->play);
    free(m);
}
