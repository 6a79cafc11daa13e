/* solve/wp_decider.c: a solved game as a simulator coach (sim/game.h pb_game_decider): every
 * choice of a team is the solver's, read from the kept layers at the moment the game is in (and,
 * for a game solved with --in-play value, each choice inside a play: wp_in_play.c). The
 * snap's mixes are the equilibrium of its 3 x 5 game when going is at least as good as the field
 * goal and the punt, else the better constant row; weights are the mixes x 2^20, rounded.
 * Each thread keeps the choices of the moments it has met (a choice is a function of the moment
 * and the solved game alone, so the games are the same with or without it, for any thread count). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wp_decider.h"
#include "wp_internal.h"

#define SCALE 1048576.0

static unsigned weight(double p) { return p <= 0 ? 0u : (unsigned)lround(p * SCALE); }

static pb_wp_moment moment_of(const pb_game_view *v, int as_offense, pb_wp_kind kind)
{
    pb_wp_moment m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.half = v->half;
    m.left = v->left;
    m.extras = v->extras;
    m.lead = as_offense ? v->lead : -v->lead;
    m.timeouts_own = as_offense ? v->timeouts_own : v->timeouts_opp;
    m.timeouts_opp = as_offense ? v->timeouts_opp : v->timeouts_own;
    m.receives_second = as_offense ? v->receives_second_half : !v->receives_second_half;
    m.togo = v->togo;
    m.down = v->down;
    m.ytg = v->ytg;
    return m;
}

/* What the callbacks read of a moment's pb_wp_detail: the mixes already as weights. */
typedef struct {
    uint64_t key;           /* moment_key; 0: an empty slot */
    unsigned long serial;   /* the pb_wp's (never its address, which a later pb_wp may reuse) */
    signed char ok;         /* the solve answered the moment (else each callback's fallback) */
    signed char best, extra_off, extra_def, onside, pat;
    unsigned off[3], def[5], two_off[3], two_def[5];
} choice;

/* The moment in 53 bits, a leading 1 so that no key is 0; 0 when a field is out of its bits. */
static uint64_t moment_key(const pb_wp_moment *m)
{
    const int field[][2] = {{(int)m->kind, 2},       {m->half, 2},         {m->left, 8},
                            {m->extras, 4},          {m->lead + 512, 10},  {m->timeouts_own, 4},
                            {m->timeouts_opp, 4},    {m->receives_second != 0, 1},
                            {m->togo, 7},            {m->down, 3},         {m->ytg, 7}};
    uint64_t k = 1;
    for (size_t i = 0; i < sizeof field / sizeof field[0]; i++) {
        if (field[i][0] < 0 || field[i][0] >= 1 << field[i][1])
            return 0;
        k = k << field[i][1] | (uint64_t)field[i][0];
    }
    return k;
}

static void choice_of(const pb_wp *w, const pb_wp_moment *m, uint64_t key, choice *c)
{
    pb_wp_detail d;
    char err[256];
    memset(c, 0, sizeof *c);
    c->key = key;
    c->serial = w->serial;
    if (pb_wp_detail_play(w, m, &d, err, sizeof err) != 0)
        return;
    c->ok = 1;
    c->best = (signed char)d.best;
    c->extra_off = (signed char)d.extra_off;
    c->extra_def = (signed char)d.extra_def;
    c->onside = d.onside > d.regular;
    c->pat = d.pat >= d.two;
    for (int o = 0; o < 3; o++) {
        c->off[o] = weight(d.off_mix[o]);
        c->two_off[o] = weight(d.two_off_mix[o]);
    }
    for (int j = 0; j < 5; j++) {
        c->def[j] = weight(d.def_mix[j]);
        c->two_def[j] = weight(d.two_def_mix[j]);
    }
}

/* A decision inside a play (--in-play value): the rest of the play enumerated from it, which reads
 * of the moment only its togo, the lead's sign and whether each side has a timeout
 * (pb_wp_in_play_nodes), kept when the play's answers so far are at most IP_ANSWERS (a card's
 * timeout and change before the snap, a challenge or penalty early in a play); the choice at the
 * moment (pb_wp_in_play_pick) is made from it each time. */
#define IP_ANSWERS 8
typedef struct {
    uint64_t key;           /* in_play_key; 0: an empty slot */
    unsigned long serial;
    pb_call call;           /* its offense, defense and card (what pb_wp_in_play_nodes reads of it) */
    int what, n;
    pb_oracle_answer a[IP_ANSWERS];
    pb_wp_nodes nd;
} in_play_nodes;

/* Each thread's choices by the key's hash (2^17 snaps and kicks, about 10 MB, and 2^14 decisions
 * in plays), freed when the thread ends. */
#define SLOTS_LOG 17
#define IP_SLOTS_LOG 14
typedef struct {
    choice slot[1 << SLOTS_LOG];
    in_play_nodes ip[1 << IP_SLOTS_LOG];
} choices;

static pthread_key_t choices_key;
static pthread_once_t choices_once = PTHREAD_ONCE_INIT;
static int choices_key_ok;

static void choices_free(void *p)
{
    choices *t = p;
    for (size_t i = 0; i < sizeof t->ip / sizeof t->ip[0]; i++)
        pb_wp_nodes_release(&t->ip[i].nd);
    free(t);
}

static void choices_make_key(void) { choices_key_ok = pthread_key_create(&choices_key, choices_free) == 0; }

/* This thread's choices, or NULL (no memory: every choice is made afresh). */
static choices *thread_choices(void)
{
    pthread_once(&choices_once, choices_make_key);
    if (!choices_key_ok)
        return NULL;
    choices *t = pthread_getspecific(choices_key);
    if (!t && (t = calloc(1, sizeof *t)) != NULL && pthread_setspecific(choices_key, t) != 0) {
        free(t);
        t = NULL;
    }
    return t;
}

static size_t slot_of(uint64_t key, int bits) { return (size_t)((key * 0x9E3779B97F4A7C15u) >> (64 - bits)); }

int pb_wp_test_decider_fresh;

static const choice *choice_at(const pb_wp *w, const pb_wp_moment *m)
{
    static _Thread_local choice alone;   /* a choice not kept: no key, no memory, or the test hook */
    uint64_t key = moment_key(m);
    choices *t = key && !pb_wp_test_decider_fresh ? thread_choices() : NULL;
    choice *c = t ? &t->slot[slot_of(key, SLOTS_LOG)] : &alone;
    if (!t || c->key != key || c->serial != w->serial)
        choice_of(w, m, key, c);
    return c;
}

/* What pb_wp_in_play_nodes reads of the moment and the call, in 25 bits with a leading 1; 0 when a
 * field is out of its bits. (The lead's sign is the same within the cap or beyond it.) */
static uint64_t in_play_key(const pb_wp_moment *m, const pb_call *call, pb_decision what)
{
    if (m->togo < 0 || m->togo > 127 || (unsigned)call->offense > 3 || call->defense < 0 || call->defense > 7 ||
        call->card < 0 || call->card > 31 || (unsigned)what > 15)
        return 0;
    uint64_t k = 1;
    k = k << 7 | (uint64_t)m->togo;
    k = k << 3 | (uint64_t)((m->lead > 0) << 2 | (m->timeouts_own > 0) << 1 | (m->timeouts_opp > 0));
    k = k << 2 | (uint64_t)call->offense;
    k = k << 3 | (uint64_t)call->defense;
    k = k << 5 | (uint64_t)call->card;
    return k << 4 | (uint64_t)what;
}

static int same_play(const in_play_nodes *c, uint64_t key, unsigned long serial, const pb_oracle_log *log)
{
    if (c->key != key || c->serial != serial || c->n != log->n)
        return 0;
    for (int i = 0; i < log->n; i++)
        if (c->a[i].kind != log->a[i].kind || c->a[i].what != log->a[i].what || c->a[i].value != log->a[i].value)
            return 0;
    return 1;
}

static void offense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_SNAP);
    const choice *c = choice_at(self, &m);
    memset(w, 0, 5 * sizeof *w);
    if (!c->ok) {
        w[PB_CALL_RUN] = 1;   /* cannot happen with a full value file; the game goes on */
        return;
    }
    if (c->best == PB_WP_FIELD_GOAL) {
        w[PB_CALL_FG] = 1;
    } else if (c->best == PB_WP_PUNT) {
        w[PB_CALL_PUNT] = 1;
    } else {
        memcpy(w, c->off, sizeof c->off);
        if (!w[0] && !w[1] && !w[2])
            w[0] = 1;
    }
}

static void defense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 0, PB_WP_SNAP);
    const choice *c = choice_at(self, &m);
    int any = 0;
    if (c->ok)
        for (int j = 0; j < 5; j++)
            any |= (w[j] = c->def[j]) != 0;
    if (!any)
        for (int j = 0; j < 5; j++)
            w[j] = j == 0;
}

static void kickoff(void *self, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    pb_wp_moment m = moment_of(v, 1, free_kick ? PB_WP_FREE_KICK : PB_WP_KICKOFF);
    const choice *c = choice_at(self, &m);
    int onside = c->ok && c->onside;
    w[0] = !onside;
    w[1] = onside;
}

static void try_call(void *self, const pb_game_view *v, unsigned w[4])
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_TRY);
    const choice *c = choice_at(self, &m);
    memset(w, 0, 4 * sizeof *w);
    if (!c->ok || c->pat) {
        w[0] = 1;
        return;
    }
    memcpy(w + 1, c->two_off, sizeof c->two_off);
    if (!w[1] && !w[2] && !w[3])
        w[1] = 1;
}

static void try_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 0, PB_WP_TRY);
    const choice *c = choice_at(self, &m);
    int any = 0;
    if (c->ok)
        for (int j = 0; j < 5; j++)
            any |= (w[j] = c->two_def[j]) != 0;
    if (!any)
        for (int j = 0; j < 5; j++)
            w[j] = j == 4;
}

static int ret(void *self, const pb_game_view *v, int landing)
{
    const pb_wp *w = self;
    int h = v->half, r = h == 1 ? v->receives_second_half : 0;
    int s = v->lead > w->S ? w->S : v->lead < -w->S ? -w->S : v->lead;
    const pb_wp_layer *cur = pb_wp_kept(w, h, v->left, v->extras);
    double tb[2], rt[2];
    if (landing < 1 || landing > 100)
        return -1;
    if (cur ? pb_wp_receive_at(w, cur, r, s, v->timeouts_own, v->timeouts_opp, landing, tb, rt) != 0
            : v->extras != 0 ||   /* (a kick is never an extra play's: the extras are snaps) */
                  pb_wp_receive_head(w, h, v->left, r, s, v->timeouts_own, v->timeouts_opp, landing, tb, rt) != 0)
        return -1;
    return 0.5 * (rt[0] + rt[1]) > 0.5 * (tb[0] + tb[1]);
}

static int end_of_half(void *self, const pb_game_view *v, bool as_offense)
{
    pb_wp_moment m = moment_of(v, as_offense, PB_WP_SNAP);
    const choice *c = choice_at(self, &m);
    if (!c->ok)
        return 0;
    return as_offense ? c->extra_off == 1 : c->extra_def == 1;
}

static int final_fg(void *self, const pb_game_view *v)
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_SNAP);
    m.left = 0;
    const choice *c = choice_at(self, &m);
    return c->ok && c->best == PB_WP_FIELD_GOAL;
}

/* Solved with --in-play value: the solver's choice at each decision inside a play. */
static int in_play(void *self, const pb_game_view *v, const pb_call *call, const pb_oracle_log *log,
                   pb_decision what, int policy_choice, int *next)
{
    (void)policy_choice;
    *next = -1;
    const pb_wp *w = self;
    pb_wp_moment m = moment_of(v, pb_decision_by_offense(what), PB_WP_SNAP);
    int choice;
    char err[256];
    uint64_t key = in_play_key(&m, call, what);
    choices *t = key && !log->overflow && log->n <= IP_ANSWERS && !pb_wp_test_decider_fresh ? thread_choices() : NULL;
    if (!t)
        return pb_wp_in_play_choice(w, &m, call, log, what, &choice, next, err, sizeof err) == 0 ? choice : -1;
    uint64_t h = key;
    for (int i = 0; i < log->n; i++)
        h = h * 31 + (uint64_t)(log->a[i].kind * 256 + log->a[i].what) * 65536 + (uint64_t)log->a[i].value;
    in_play_nodes *c = &t->ip[slot_of(h, IP_SLOTS_LOG)];
    if (!same_play(c, key, w->serial, log)) {
        pb_wp_nodes_release(&c->nd);
        c->key = 0;
        if (pb_wp_in_play_nodes(w, &m, call, log, what, &c->nd, err, sizeof err) != 0)
            return -1;
        c->key = key;
        c->serial = w->serial;
        c->call = *call;
        c->what = (int)what;
        c->n = log->n;
        memcpy(c->a, log->a, (size_t)log->n * sizeof log->a[0]);
    }
    return pb_wp_in_play_pick(w, &m, call, &c->nd, what, &choice, next, err, sizeof err) == 0 ? choice : -1;
}

int pb_wp_decider_init(pb_game_decider *d, const pb_wp *w, char *err, size_t errlen)
{
    return pb_wp_decider_init_from(d, w, NULL, err, errlen);
}

int pb_wp_decider_fits(int keep_all, int keep_last, int in_play_by_value, const pb_wp_moment *from, char *err,
                       size_t errlen)
{
    /* a snap, kick or try whose layer is not kept is recomputed from the kept states (wp_detail.c,
     * wp_moment.c); a decision inside a play by value reads every state of the layer below, which
     * only a kept layer has: from a moment of half 2 with at most K cards left (or of the overtime),
     * the game reaches only layers that --full-last K keeps */
    int K = keep_all ? 0 : keep_last;
    if (!in_play_by_value || keep_all || (from && K > 0 && (from->half == 3 || (from->half == 2 && from->left <= K))))
        return 0;
    snprintf(err, errlen, "in-play decisions by value read every state of the layer below each play, and the value "
                          "file keeps %s: solve with --full%s", K > 0 ? "every state of half 2's last cards only" :
                          "only the headline states", K > 0 ? ", or play from half 2 with at most that many cards "
                          "left" : ", or --full-last K for a moment of half 2 with at most K cards left");
    return -1;
}

int pb_wp_decider_init_from(pb_game_decider *d, const pb_wp *w, const pb_wp_moment *from, char *err, size_t errlen)
{
    if (pb_wp_decider_fits(w->keep_all || w->checkpoint > 0, w->keep_all ? 0 : w->keep_last, w->pol.in_play_by_value, from, err,
                           errlen) != 0)
        return -1;
    memset(d, 0, sizeof *d);
    d->offense = offense;
    d->defense = defense;
    d->kickoff = kickoff;
    d->try_call = try_call;
    d->try_defense = try_defense;
    d->ret = ret;
    d->end_of_half = end_of_half;
    d->final_fg = final_fg;
    d->in_play = w->pol.in_play_by_value ? in_play : NULL;
    d->self = (void *)w;
    return 0;
}
