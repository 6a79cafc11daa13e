/* sim/game_decider.c: a team's pb_game_decider (game.h) asked in place of its strategy: the
 * view it sees, its mixes drawn exactly as a strategy rule's, its yes/no answers checked. */
#include "game.h"

#include <stdint.h>

#include "sim_internal.h"

/* What `team` sees, from the strategy's view of the same moment (lead, left, field state). */
void pb_game_decider_view(const pb_game *g, int team, const pb_strat_view *sv, pb_game_view *v)
{
    const pb_ruleset *rs = pb_game_rules(g);
    int q = g->quarter;
    v->half = ((q < rs->quarters ? q : rs->quarters) + 1) / 2 + (q > rs->quarters);
    v->left = sv->v[PB_FIELD_LEFT];
    v->extras = g->extra_plays;
    v->lead = sv->v[PB_FIELD_LEAD];
    v->timeouts_own = g->timeouts[team];
    v->timeouts_opp = g->timeouts[1 - team];
    v->receives_second_half = team != g->opening_receiver;
    v->togo = sv->v[PB_FIELD_TOGO];
    v->down = sv->v[PB_FIELD_DOWN];
    v->ytg = sv->v[PB_FIELD_YTG];
    v->quarter = q;
}

static void field(pb_game_view *v, int togo, int down, int ytg)
{
    v->togo = togo;
    v->down = down;
    v->ytg = ytg;
}

/* A choice among the n weights w[] masked by `usable`, drawn as pb_strategy_choose draws a
 * rule's mix; -1 (the game failed) when no usable weight is positive or the total overflows. */
static int draw(pb_game *g, const unsigned *w, int n, unsigned usable)
{
    unsigned m = 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        if (w[i] && (usable >> i & 1u)) {
            m |= 1u << i;
            total += w[i];
        }
    if (!m || total > UINT32_MAX) {
        pb_game_fail(g, m ? "a decider's weights sum to 2^32 or more"
                          : "a decider gave no usable choice (all weights 0)");
        return -1;
    }
    if ((m & (m - 1)) == 0)  /* a single choice: no draw */
        return __builtin_ctz(m);
    uint32_t x = pb_rng_below(g->rng, (uint32_t)total);
    for (unsigned b = m; b; b &= b - 1) {
        int i = __builtin_ctz(b);
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return __builtin_ctz(m);  /* not reached */
}

/* A yes/no answer: 0 or 1, or `none_ok` and -1; anything else fails the game (as 0). */
static int answer(pb_game *g, int a, bool none_ok, const char *what)
{
    if (a == 0 || a == 1 || (none_ok && a == -1))
        return a;
    pb_game_fail(g, what);
    return 0;
}

int pb_game_decider_choose(pb_game *g, int team, pb_strat_section sec, const pb_strat_view *sv, unsigned usable)
{
    const pb_game_decider *d = g->decider[team];
    const pb_ruleset *rs = pb_game_rules(g);
    pb_game_view v;
    pb_game_decider_view(g, team, sv, &v);
    unsigned w[PB_STRAT_CHOICES_MAX] = {0};
    int c = -1;
    switch (sec) {
    case PB_STRAT_OFFENSE:
        d->offense(d->self, &v, w);
        c = draw(g, w, 5, usable);
        break;
    case PB_STRAT_DEFENSE:  /* at a snap, or against a two-point try (the view already at the try's spot) */
        if (g->phase == PB_PHASE_TRY)
            d->try_defense(d->self, &v, w);
        else
            d->defense(d->self, &v, w);
        c = draw(g, w, 5, usable);
        break;
    case PB_STRAT_KICKOFF:
        field(&v, 0, 0, 0);
        d->kickoff(d->self, &v, g->free_kick, w);
        c = draw(g, w, 2, usable);
        break;
    case PB_STRAT_TRY:
        field(&v, rs->two_point_togo, 1, rs->two_point_togo);
        d->try_call(d->self, &v, w);
        c = draw(g, w, 4, usable);
        break;
    case PB_STRAT_END_OF_HALF:
        c = answer(g, d->end_of_half(d->self, &v, sv->v[PB_FIELD_SIDE] == 0), false,
                   "a decider's end_of_half answer is not 0 or 1") ? PB_EOH_TIMEOUT : PB_EOH_NONE;
        break;
    default:  /* [return] is asked through pb_game_decider_return */
        pb_game_fail(g, "a decider was asked in an unknown section");
        break;
    }
    return c < 0 ? 0 : c;
}

int pb_game_decider_return(pb_game *g, int receiver, int landing)
{
    const pb_game_decider *d = g->decider[receiver];
    pb_strat_view sv;
    pb_game_strat_view(g, receiver, &sv);
    pb_game_view v;
    pb_game_decider_view(g, receiver, &sv, &v);
    field(&v, 0, 0, 0);
    return answer(g, d->ret(d->self, &v, landing), true, "a decider's ret answer is not 1, 0 or -1");
}

int pb_game_decider_final_fg(pb_game *g)
{
    const pb_game_decider *d = g->decider[g->offense];
    pb_strat_view sv;
    pb_game_strat_view(g, g->offense, &sv);
    pb_game_view v;
    pb_game_decider_view(g, g->offense, &sv, &v);
    return answer(g, d->final_fg(d->self, &v), false, "a decider's final_fg answer is not 0 or 1");
}
