/* sim/game_oracle.c: the oracle of a snap whose in-play decisions a team's decider makes
 * (pb_game_decider.in_play, game.h): the game's dice, every answer recorded in the play's log,
 * and each decision of such a team asked of its decider with the play so far. A decision that
 * follows at once (the new card after a card timeout) takes the answer the decider gave with
 * the first. Without such a decider the game hands its dice to the play directly. */
#include "sim_internal.h"

static pb_game_in_play *in_play_of(pb_oracle *o) { return (pb_game_in_play *)o; }

static pb_dice ip_roll2(pb_oracle *o, pb_roll_purpose why)
{
    pb_game_in_play *ip = in_play_of(o);
    pb_dice d = pb_oracle_roll2(ip->g->dice, why);
    pb_oracle_log_add(&ip->log, PB_ANSWER_ROLL2, why, d.a * 8 + d.b);
    return d;
}

static int ip_roll1(pb_oracle *o, pb_roll_purpose why)
{
    pb_game_in_play *ip = in_play_of(o);
    int face = pb_oracle_roll1(ip->g->dice, why);
    pb_oracle_log_add(&ip->log, PB_ANSWER_ROLL1, why, face);
    return face;
}

static int ip_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    pb_game_in_play *ip = in_play_of(o);
    int v = pb_oracle_chain(ip->g->dice, spec, cap);
    pb_oracle_log_add(&ip->log, PB_ANSWER_CHAIN, 0, v);
    return v;
}

static int ip_return(pb_oracle *o, int multiplier, int doubles_multiplier, int from)
{
    pb_game_in_play *ip = in_play_of(o);
    pb_oracle *dice = ip->g->dice;
    if (!dice->ops->ret)
        return PB_RETURN_LITERAL;
    int v = dice->ops->ret(dice, multiplier, doubles_multiplier, from);
    if (v != PB_RETURN_LITERAL)
        pb_oracle_log_add(&ip->log, PB_ANSWER_RETURN, 0, v);
    return v;
}

static int ip_decide(pb_oracle *o, pb_decision what, int choice)
{
    pb_game_in_play *ip = in_play_of(o);
    pb_game *g = ip->g;
    int side = pb_decision_by_offense(what) ? 0 : 1;
    int team = side == 0 ? g->offense : 1 - g->offense;
    const pb_game_decider *d = g->decider[team];
    int c;
    if (ip->next >= 0) {
        c = ip->next;
        ip->next = -1;
    } else if (what != PB_DECIDE_RETURN && d && d->in_play) {
        int next = -1;
        c = d->in_play(d->self, &ip->view[side], &ip->call, &ip->log, what, choice, &next);
        if (c < 0) {
            pb_game_fail(g, "a decider could not make a decision inside a play");
            c = choice;
        } else {
            ip->next = next;
        }
    } else {
        c = pb_oracle_decide(g->dice, what, choice);
    }
    pb_oracle_log_add(&ip->log, PB_ANSWER_DECIDE, what, c);
    return c;
}

static const pb_oracle_ops in_play_ops = {ip_roll2, ip_roll1, ip_chain, ip_decide, ip_return};

bool pb_game_decides_in_play(const pb_game *g)
{
    return (g->decider[0] && g->decider[0]->in_play) || (g->decider[1] && g->decider[1]->in_play);
}

pb_oracle *pb_game_in_play_oracle(pb_game *g, const pb_strat_view *ov, const pb_strat_view *dv, const pb_call *call)
{
    pb_game_in_play *ip = &g->in_play;
    ip->base.ops = &in_play_ops;
    ip->g = g;
    ip->log.n = 0;
    ip->log.overflow = false;
    pb_game_decider_view(g, g->offense, ov, &ip->view[0]);
    pb_game_decider_view(g, 1 - g->offense, dv, &ip->view[1]);
    ip->call = *call;
    ip->next = -1;
    return &ip->base;
}
