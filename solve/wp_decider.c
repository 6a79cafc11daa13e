/* solve/wp_decider.c: a solved game as a simulator coach (sim/game.h pb_game_decider): every
 * choice of a team is the solver's, read from the kept layers at the moment the game is in (and,
 * for a game solved with --in-play value, each choice inside a play: wp_in_play.c). The
 * snap's mixes are the equilibrium of its 3 x 5 game when going is at least as good as the field
 * goal and the punt, else the better constant row; weights are the mixes x 2^20, rounded. */
#include <math.h>
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

/* The offense and the defense ask about the same snap one after the other: each thread keeps its
 * last answer (by the pb_wp's serial, never its address, which a later pb_wp may reuse). */
static int detail(void *self, const pb_wp_moment *m, pb_wp_detail *d)
{
    static _Thread_local struct {
        unsigned long serial;
        pb_wp_moment m;
        pb_wp_detail d;
    } last;
    const pb_wp *w = self;
    if (last.serial == w->serial && memcmp(&last.m, m, sizeof *m) == 0) {
        *d = last.d;
        return 0;
    }
    char err[256];
    if (pb_wp_detail_play(w, m, d, err, sizeof err) != 0)
        return -1;
    last.serial = w->serial;
    last.m = *m;
    last.d = *d;
    return 0;
}

static void offense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_SNAP);
    pb_wp_detail d;
    memset(w, 0, 5 * sizeof *w);
    if (detail(self, &m, &d) != 0) {
        w[PB_CALL_RUN] = 1;   /* cannot happen with a full value file; the game goes on */
        return;
    }
    if (d.best == PB_WP_FIELD_GOAL) {
        w[PB_CALL_FG] = 1;
    } else if (d.best == PB_WP_PUNT) {
        w[PB_CALL_PUNT] = 1;
    } else {
        for (int o = 0; o < 3; o++)
            w[o] = weight(d.off_mix[o]);
        if (!w[0] && !w[1] && !w[2])
            w[0] = 1;
    }
}

static void defense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 0, PB_WP_SNAP);
    pb_wp_detail d;
    int any = 0;
    if (detail(self, &m, &d) == 0)
        for (int j = 0; j < 5; j++)
            any |= (w[j] = weight(d.def_mix[j])) != 0;
    if (!any)
        for (int j = 0; j < 5; j++)
            w[j] = j == 0;
}

static void kickoff(void *self, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    pb_wp_moment m = moment_of(v, 1, free_kick ? PB_WP_FREE_KICK : PB_WP_KICKOFF);
    pb_wp_detail d;
    int onside = detail(self, &m, &d) == 0 && d.onside > d.regular;
    w[0] = !onside;
    w[1] = onside;
}

static void try_call(void *self, const pb_game_view *v, unsigned w[4])
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_TRY);
    pb_wp_detail d;
    memset(w, 0, 4 * sizeof *w);
    if (detail(self, &m, &d) != 0 || d.pat >= d.two) {
        w[0] = 1;
        return;
    }
    for (int o = 0; o < 3; o++)
        w[1 + o] = weight(d.two_off_mix[o]);
    if (!w[1] && !w[2] && !w[3])
        w[1] = 1;
}

static void try_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_wp_moment m = moment_of(v, 0, PB_WP_TRY);
    pb_wp_detail d;
    int any = 0;
    if (detail(self, &m, &d) == 0)
        for (int j = 0; j < 5; j++)
            any |= (w[j] = weight(d.two_def_mix[j])) != 0;
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
    if (!cur || landing < 1 || landing > 100 ||
        pb_wp_receive_at(w, cur, r, s, v->timeouts_own, v->timeouts_opp, landing, tb, rt) != 0)
        return -1;
    return 0.5 * (rt[0] + rt[1]) > 0.5 * (tb[0] + tb[1]);
}

static int end_of_half(void *self, const pb_game_view *v, bool as_offense)
{
    pb_wp_moment m = moment_of(v, as_offense, PB_WP_SNAP);
    pb_wp_detail d;
    if (detail(self, &m, &d) != 0)
        return 0;
    return as_offense ? d.extra_off == 1 : d.extra_def == 1;
}

static int final_fg(void *self, const pb_game_view *v)
{
    pb_wp_moment m = moment_of(v, 1, PB_WP_SNAP);
    m.left = 0;
    pb_wp_detail d;
    return detail(self, &m, &d) == 0 && d.best == PB_WP_FIELD_GOAL;
}

/* Solved with --in-play value: the solver's choice at each decision inside a play. */
static int in_play(void *self, const pb_game_view *v, const pb_call *call, const pb_oracle_log *log,
                   pb_decision what, int policy_choice, int *next)
{
    (void)policy_choice;
    *next = -1;
    pb_wp_moment m = moment_of(v, pb_decision_by_offense(what), PB_WP_SNAP);
    int choice;
    char err[256];
    return pb_wp_in_play_choice(self, &m, call, log, what, &choice, next, err, sizeof err) == 0 ? choice : -1;
}

int pb_wp_decider_init(pb_game_decider *d, const pb_wp *w, char *err, size_t errlen)
{
    return pb_wp_decider_init_from(d, w, NULL, err, errlen);
}

int pb_wp_decider_init_from(pb_game_decider *d, const pb_wp *w, const pb_wp_moment *from, char *err, size_t errlen)
{
    /* from a moment of half 2 with at most K cards left (or of the overtime), the game reaches only
     * layers that --full-last K keeps: L <= K of half 2, its extra plays, the overtime */
    int K = w->keep_all ? 0 : w->keep_last;
    if (!w->keep_all && K > 0 && !from) {
        snprintf(err, errlen, "the value file keeps every state of the last %d card%s of half 2 only (--full-last "
                              "%d); a strategy for the whole game needs every state ('solve game --full' or "
                              "--strategy-out)", K, K == 1 ? "" : "s", K);
        return -1;
    }
    if (!w->keep_all && K > 0 && from->half != 3 && (from->half != 2 || from->left > K)) {
        snprintf(err, errlen, "half %d with %d card%s left: the value file keeps every state of the last %d card%s "
                              "of half 2 only (--full-last %d), so the strategy can play from half 2 with at most "
                              "%d card%s left (solve with a larger --full-last, or --full)",
                 from->half, from->left, from->left == 1 ? "" : "s", K, K == 1 ? "" : "s", K, K, K == 1 ? "" : "s");
        return -1;
    }
    if (!w->keep_all && K == 0) {
        snprintf(err, errlen, "the value file keeps only the headline states; a strategy needs every state "
                              "('solve game --full' or --strategy-out; from a moment of half 2, --full-last K)");
        return -1;
    }
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
