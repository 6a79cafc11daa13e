/* sim/game_kick.c: the game's kicking plays: kickoffs (the return decided first), punts, tries and
 * field goals (see game.c for the state machine they are steps of). */
#include "game.h"

#include "sim_internal.h"

/* ---- kicks with the return decided first ---- */

/* An oracle that answers its first two-dice roll with a roll already made, then passes every
 * call to the inner oracle: a kickoff whose dice the game rolled first. */
typedef struct {
    pb_oracle base;
    pb_oracle *inner;
    pb_dice first;
    bool used;
} preroll_oracle;

static pb_dice preroll_roll2(pb_oracle *o, pb_roll_purpose why)
{
    preroll_oracle *p = (preroll_oracle *)o;
    if (!p->used) {
        p->used = true;
        return p->first;
    }
    return pb_oracle_roll2(p->inner, why);
}

static int preroll_roll1(pb_oracle *o, pb_roll_purpose why) { return pb_oracle_roll1(((preroll_oracle *)o)->inner, why); }

static int preroll_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    return pb_oracle_chain(((preroll_oracle *)o)->inner, spec, cap);
}

static int preroll_decide(pb_oracle *o, pb_decision what, int choice)
{
    return pb_oracle_decide(((preroll_oracle *)o)->inner, what, choice);
}

static const pb_oracle_ops preroll_ops = {preroll_roll2, preroll_roll1, preroll_chain, preroll_decide, NULL};

/* The env for a kick whose return choice is `want` (-1: the policy's). */
static pb_play_env kick_env(const pb_game *g, int want)
{
    pb_play_env env = g->env;
    if (want >= 0)
        env.policies.ret = want ? PB_RETURN_ALWAYS : PB_RETURN_TOUCHBACK;
    return env;
}

static bool decide_returns(const pb_game *g)
{
    return g->return_decider && g->env.policies.ret == PB_RETURN_BEST;
}

/* The receiving team's [return] rules (or its decider), when it has them: 1 return, 0
 * touchback, -1 none apply (the policy decides). `landing`: where the ball stops, the
 * receiver's togo. */
static bool has_return_rules(const pb_game *g, int receiver)
{
    return g->decider[receiver] || g->strategy[receiver]->section[PB_STRAT_RETURN].count > 0;
}

static int strategy_return(pb_game *g, int receiver, int landing)
{
    if (landing < 1)
        return -1;
    if (g->decider[receiver])
        return pb_game_decider_return(g, receiver, landing);
    pb_strat_view v;
    pb_game_strat_view(g, receiver, &v);
    v.v[PB_FIELD_TOGO] = landing;
    int c = pb_strategy_choose(g->strategy[receiver], PB_STRAT_RETURN, &v, PB_STRAT_ALL, g->rng);
    return c < 0 ? -1 : c == PB_RET_RETURN;
}

/* A kick with the return decided first: by the receiver's [return] rules when it has some
 * that apply, else by the decider (policy "best"), else by the policy inside the kick. */
static pb_result regular_kickoff(pb_game *g, int from)
{
    int receiver = 1 - g->kicker;
    bool own = has_return_rules(g, receiver);
    if (!own && !decide_returns(g))
        return pb_kickoff(&g->env, from, g->dice);
    preroll_oracle p = {{&preroll_ops}, g->dice, pb_oracle_roll2(g->dice, PB_ROLL_KICKOFF), false};
    int want = own ? strategy_return(g, receiver, pb_kickoff_landing(pb_game_rules(g), from, p.first)) : -1;
    if (want < 0 && decide_returns(g))
        want = g->return_decider->kickoff(g->return_decider->self, from, p.first);
    pb_play_env env = kick_env(g, want);
    return pb_kickoff(&env, from, &p.base);
}

pb_result pb_game_punt(pb_game *g)
{
    int receiver = 1 - g->offense;
    bool own = has_return_rules(g, receiver);
    if (!own && !decide_returns(g))
        return pb_punt(&g->env, g->togo, g->dice);
    int want = own ? strategy_return(g, receiver, pb_punt_landing(pb_game_rules(g), g->togo)) : -1;
    if (want < 0 && decide_returns(g))
        want = g->return_decider->punt(g->return_decider->self, g->togo);
    pb_play_env env = kick_env(g, want);
    return pb_punt(&env, g->togo, g->dice);
}


void pb_game_do_kickoff(pb_game *g)
{
    const pb_ruleset *rs = pb_game_rules(g);
    int k = g->kicker, receiver = 1 - k;
    pb_strat_view v;
    pb_game_strat_view(g, k, &v);
    bool onside = pb_game_choose(g, k, PB_STRAT_KICKOFF, &v, ~0u) == PB_KICK_ONSIDE;
    if (g->phase == PB_PHASE_OVER)  /* no usable choice (a decider's bad answer) */
        return;
    int from = g->free_kick ? rs->free_kick_from : rs->kickoff_from;
    pb_result r = onside ? pb_onside(&g->env, from, g->dice) : regular_kickoff(g, from);
    bool free_kick = g->free_kick;
    g->free_kick = false;
    pb_game_add(g, k, onside ? PB_STAT_ONSIDE_ATT : PB_STAT_KICKOFFS, 1);
    if (free_kick)
        pb_game_add(g, k, PB_STAT_FREE_KICKS, 1);
    if (r.kind == PB_OUT_KEPT) {
        pb_game_add(g, k, PB_STAT_ONSIDE_KEPT, 1);
        pb_game_possession(g, k, r.yards);
    } else {
        pb_game_receive(g, receiver, &r);
    }
    pb_game_event e;
    pb_game_event_init(&e, PB_EV_KICKOFF, k);
    e.onside = onside;
    e.free_kick = free_kick;
    e.result = r;
    pb_game_emit(g, &e);
}

void pb_game_do_try(pb_game *g)
{
    int team = g->offense, other = 1 - team;
    pb_strat_view v;
    pb_game_strat_view(g, team, &v);
    int c = pb_game_choose(g, team, PB_STRAT_TRY, &v, ~0u);
    if (g->phase == PB_PHASE_OVER)
        return;
    pb_game_event e;
    if (c == PB_TRY_KICK) {
        pb_result r = pb_pat_kick(&g->env, g->dice);
        pb_game_add(g, team, PB_STAT_PAT_ATT, 1);
        if (r.kind == PB_OUT_GOOD) {
            pb_game_score(g, team, 1);
            pb_game_add(g, team, PB_STAT_PAT_MADE, 1);
        }
        pb_game_event_init(&e, PB_EV_PAT, team);
        e.result = r;
    } else {
        /* the defense calls its card as on 1st and goal from the two-point line */
        const pb_ruleset *rs = pb_game_rules(g);
        int save_togo = g->togo, save_down = g->down, save_ytg = g->ytg;
        g->togo = g->ytg = rs->two_point_togo;
        g->down = 1;
        pb_strat_view dv;
        pb_game_strat_view(g, other, &dv);
        g->togo = save_togo;
        g->down = save_down;
        g->ytg = save_ytg;
        int def = pb_game_choose(g, other, PB_STRAT_DEFENSE, &dv, ~0u) + 1;
        if (g->phase == PB_PHASE_OVER)
            return;
        pb_offense off = (pb_offense)(c - PB_TRY_RUN);
        pb_result r = pb_two_point(&g->env, off, def, g->dice);
        pb_game_add(g, team, PB_STAT_TWO_ATT, 1);
        if (r.kind == PB_OUT_TOUCHDOWN) {
            pb_game_score(g, team, 2);
            pb_game_add(g, team, PB_STAT_TWO_MADE, 1);
        }
        pb_game_event_init(&e, PB_EV_TWO_POINT, team);
        e.call.offense = off;
        e.call.defense = def;
        e.result = r;
    }
    pb_game_kick_after_score(g, team, false);
    pb_game_emit(g, &e);
}

/* A field goal by the offense from togo (final: after the half's last card; the caller ends
 * the half). */
void pb_game_field_goal(pb_game *g, bool final)
{
    int team = g->offense, other = 1 - team;
    pb_game_event e;
    pb_game_event_init(&e, PB_EV_FIELD_GOAL, team);
    e.sit.togo = g->togo;
    e.final = final;
    e.result = pb_field_goal(&g->env, g->togo, g->dice);
    const pb_ruleset *rs = pb_game_rules(g);
    int row = 0;
    while (row < rs->fg_row_count && g->togo > rs->fg_rows[row].max_togo)
        row++;
    g->fg_row_att[row]++;
    pb_game_add(g, team, PB_STAT_FG_ATT, 1);
    if (final)
        pb_game_add(g, team, PB_STAT_FG_FINAL_ATT, 1);
    if (e.result.kind == PB_OUT_GOOD) {
        g->fg_row_made[row]++;
        pb_game_score(g, team, 3);
        pb_game_add(g, team, PB_STAT_FG_MADE, 1);
        if (final)
            pb_game_add(g, team, PB_STAT_FG_FINAL_MADE, 1);
        pb_game_drive_end(g, PB_STAT_END_FG);
        if (!final)
            pb_game_kick_after_score(g, team, false);
    } else {
        pb_game_drive_end(g, PB_STAT_END_FG_MISSED);
        if (!final)
            pb_game_possession(g, other, e.result.yards);
    }
    pb_game_emit(g, &e);
}

void pb_game_do_final_fg(pb_game *g)
{
    if (g->togo <= pb_game_rules(g)->fg_max_togo &&
        (g->decider[g->offense] ? pb_game_decider_final_fg(g) : g->strategy[g->offense]->final_field_goal))
        pb_game_field_goal(g, true);
    if (g->phase != PB_PHASE_OVER)  /* a decider's bad answer stops the game */
        pb_game_half_over(g);
}
