/* core/play_card.c: what a play card does to a play besides its yardage: challenges, turnovers
 * and their returns, fouls and penalties, fumbles, the timeouts before the play (cards 21-24),
 * and the transforms the play applies to its rolls (see play.c for the order). */
#include "play.h"

#include <gmp.h>

#include "play_internal.h"
#include "trace.h"

/* ---- the card's transforms of the rolls ---- */

void pb_play_apply_card(pb_play_ctx *c)
{
    const pb_play_card *card = c->card;
    switch (card->effect) {
    case PB_EFFECT_MULTIPLY:
        c->factor = card->factor;
        break;
    case PB_EFFECT_ADD:
        c->add = card->yards;
        break;
    case PB_EFFECT_SUBTRACT:
        c->subtract = card->yards;
        break;
    case PB_EFFECT_HALVE:
        c->divisor = card->divisor;
        c->halve_total = c->rs->sw.halve_each == PB_HALVE_TOTAL;
        break;
    case PB_EFFECT_DOUBLES_MULTIPLY:
        c->doubles_factor = card->factor;
        break;
    case PB_EFFECT_IGNORE_DEFENSE:
        c->ignore_defense = true;
        break;
    case PB_EFFECT_INTERCEPT:
        c->ignore_defense = card->ignore_defense;
        break;
    default:
        break;
    }
}

/* ---- challenges, turnovers, fouls, fumbles ---- */

static const char *side_name(pb_side side) { return side == PB_SIDE_OFFENSE ? "offense" : "defense"; }

static bool side_has_timeout(const pb_play_ctx *c, pb_side side)
{
    if (side == PB_SIDE_OFFENSE)
        return c->s->timeouts_off - c->r.timeouts_off_used > 0;
    return c->s->timeouts_def - c->r.timeouts_def_used > 0;
}

static void use_timeout(pb_play_ctx *c, pb_side side)
{
    if (side == PB_SIDE_OFFENSE)
        c->r.timeouts_off_used++;
    else
        c->r.timeouts_def_used++;
}

/* A challenge by `side` (3.7) of the ruling `now`, which `if_won` would replace.
 * Returns true when the challenge was made and won. */
bool pb_play_challenge(pb_play_ctx *c, pb_side side, const pb_result *now, const pb_result *if_won)
{
    if (!side_has_timeout(c, side)) {
        PB_TRACE(c->tr, "%s cannot challenge: no timeout left", side_name(side));
        return false;
    }
    int v_now = pb_play_value(now, c->s->togo), v_won = pb_play_value(if_won, c->s->togo);
    bool helps = side == PB_SIDE_OFFENSE ? v_won > v_now : v_won < v_now;
    int policy = c->env->policies.challenge;
    int want = policy == PB_POLICY_ALWAYS ? 1 : policy == PB_POLICY_NEVER ? 0 : helps;
    pb_decision what = side == PB_SIDE_OFFENSE ? PB_DECIDE_CHALLENGE_OFFENSE : PB_DECIDE_CHALLENGE_DEFENSE;
    if (!pb_oracle_decide(c->o, what, want)) {
        PB_TRACE(c->tr, "%s does not challenge (policy)", side_name(side));
        return false;
    }
    pb_dice d = pb_oracle_roll2(c->o, PB_ROLL_CHALLENGE);
    bool won = pb_dice_sum(d) % 2 == 1;
    PB_TRACE(c->tr, "%s challenges (3.7): rolls %d-%d, sum %d is %s: challenge %s", side_name(side), d.a, d.b,
             pb_dice_sum(d), won ? "odd" : "even", won ? "won" : "lost, a timeout is lost");
    if (won) {
        c->r.flags |= PB_FLAG_CHALLENGE_WON;
    } else {
        c->r.flags |= PB_FLAG_CHALLENGE_LOST;
        use_timeout(c, side);
    }
    return won;
}

/* The defense has the ball at `spot_togo` (the offense's togo of the spot). */
void pb_play_turnover_at(pb_play_ctx *c, int spot_togo, bool with_return)
{
    if (spot_togo <= 0 && !with_return) {
        PB_TRACE(c->tr, "in the end zone: touchback, the defense starts at its %d", 100 - c->rs->touchback_togo);
        c->r.kind = PB_OUT_TURNOVER;
        c->r.yards = c->rs->touchback_togo;
        c->r.flags |= PB_FLAG_TOUCHBACK;
        return;
    }
    if (spot_togo >= 100) {
        if (c->rs->sw.f_own_ez == PB_FOWNEZ_SAFETY) {
            PB_TRACE(c->tr, "recovered in the offense's own end zone: safety (F-OWN-EZ)");
            c->r.kind = PB_OUT_SAFETY;
        } else {
            PB_TRACE(c->tr, "recovered in the offense's own end zone: defensive touchdown (F-OWN-EZ)");
            c->r.kind = PB_OUT_TURNOVER_TD;
        }
        c->r.yards = 0;
        return;
    }
    int from = 100 - (spot_togo < 0 ? 0 : spot_togo);  /* the defense's togo where it got the ball */
    if (!with_return) {
        c->r.kind = PB_OUT_TURNOVER;
        c->r.yards = from;
        return;
    }
    if (spot_togo <= 0)
        PB_TRACE(c->tr, "in the end zone: the return starts from the goal line");
    int ret = pb_return_distance(c->env, c->o, from);
    if (ret == PB_CHAIN_CUT) {
        c->r.kind = PB_OUT_CUT;
        c->r.yards = 0;
        return;
    }
    c->r.flags |= PB_FLAG_RETURNED;
    if (from - ret <= 0) {
        PB_TRACE(c->tr, "returned %d+ yards: touchdown for the defense", from);
        c->r.kind = PB_OUT_TURNOVER_TD;
        c->r.yards = 0;
    } else {
        PB_TRACE(c->tr, "returned %d yards", ret);
        c->r.kind = PB_OUT_TURNOVER;
        c->r.yards = from - ret;
    }
}

/* The fouled side accepts or declines; `play` is the ruling without the foul. */
void pb_play_foul(pb_play_ctx *c, pb_side fouler, const pb_result *play)
{
    const pb_play_card *card = c->card;
    int distance = fouler == PB_SIDE_OFFENSE ? 100 - c->s->togo : c->s->togo;
    int moved = pb_penalty_yards(c->rs, card->yards, distance);
    pb_result pen = *play;
    pen.kind = PB_OUT_PENALTY;
    pen.yards = fouler == PB_SIDE_OFFENSE ? -moved : moved;
    pen.flags &= ~(PB_FLAG_COMPLETE | PB_FLAG_INTERCEPTION | PB_FLAG_FUMBLE | PB_FLAG_FIRST_DOWN |
                   PB_FLAG_RETURNED | PB_FLAG_TOUCHBACK);
    pen.flags |= fouler == PB_SIDE_OFFENSE ? PB_FLAG_FOUL_OFFENSE : PB_FLAG_FOUL_DEFENSE;
    if (fouler == PB_SIDE_DEFENSE && moved >= c->s->ytg && c->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN)
        pen.flags |= PB_FLAG_FIRST_DOWN;
    PB_TRACE(c->tr, "%s foul (card %02d %s): %d yards%s, the ball moves %d", side_name(fouler), c->card_no,
             card->name, card->yards, moved < card->yards ? " (half the distance, 3.8)" : "", moved);

    pb_side fouled = fouler == PB_SIDE_OFFENSE ? PB_SIDE_DEFENSE : PB_SIDE_OFFENSE;
    int v_pen = pb_play_value(&pen, c->s->togo), v_play = pb_play_value(play, c->s->togo);
    bool better = fouled == PB_SIDE_OFFENSE ? v_pen >= v_play : v_pen <= v_play;  /* tie: the penalty */
    int policy = c->env->policies.penalty;
    int want = policy == PB_PENALTY_ACCEPT ? 1 : policy == PB_PENALTY_DECLINE ? 0 : better;
    pb_decision what = fouled == PB_SIDE_OFFENSE ? PB_DECIDE_PENALTY_OFFENSE : PB_DECIDE_PENALTY_DEFENSE;
    if (pb_oracle_decide(c->o, what, want)) {
        PB_TRACE(c->tr, "%s accepts the penalty: the down is replayed", side_name(fouled));
        c->r = pen;
    } else {
        char buf[64];
        c->r = *play;
        c->r.flags |= (fouler == PB_SIDE_OFFENSE ? PB_FLAG_FOUL_OFFENSE : PB_FLAG_FOUL_DEFENSE) | PB_FLAG_DECLINED;
        pb_result_text(play, buf, sizeof buf);
        PB_TRACE(c->tr, "%s declines the penalty: %s", side_name(fouled), buf);
    }
}

/* A fumble (cards 03, 04) after a play that gained `gain` (first roll only: `first_gain`). */
void pb_play_fumble(pb_play_ctx *c, int gain, int first_gain, bool at_scrimmage)
{
    const pb_play_card *card = c->card;
    bool whole = card->trigger_doubles ? c->rs->sw.f04_spot == PB_F04SPOT_CHAIN_FIRST
                                       : c->rs->sw.f03_spot == PB_F03SPOT_WHOLE_GAIN;
    int spot_gain = at_scrimmage ? 0 : whole ? gain : first_gain;
    PB_TRACE(c->tr, "card %02d %s: fumble, the defense recovers %d yards %s the line of scrimmage", c->card_no,
             card->name, spot_gain < 0 ? -spot_gain : spot_gain, spot_gain < 0 ? "behind" : "past");
    pb_result now = c->r;
    now.kind = PB_OUT_TURNOVER;
    now.yards = 100 - (c->s->togo - spot_gain);
    if (card->challenge != PB_SIDE_NONE) {
        pb_result kept = c->r;  /* the play as it was, without the turnover */
        if (pb_play_challenge(c, card->challenge, &now, &kept))
            return;
    }
    c->r.flags |= PB_FLAG_FUMBLE;
    c->r.flags &= ~PB_FLAG_FIRST_DOWN;
    pb_play_turnover_at(c, c->s->togo - spot_gain, card->turnover_return);
}

/* ---- timeouts before the play (cards 21-24) ---- */

static int expect(pb_play_ctx *c, const pb_call *call, mpq_t out)
{
    const pb_evaluator *ev = c->env->eval;
    return ev->expect_play(ev, c->rs, &c->env->policies, c->s, call, out);
}

/* Best response by expected value: offense maximizes, defense minimizes; ties keep `current`. */
static int best_response(pb_play_ctx *c, pb_side side, pb_call base, int current)
{
    mpq_t best, e;
    mpq_inits(best, e, NULL);
    int choice = current, first = side == PB_SIDE_OFFENSE ? 0 : 1;
    int last = side == PB_SIDE_OFFENSE ? PB_OFFENSE_COUNT - 1 : PB_DEFENSE_COUNT;
    base.card = 0;
    base.timeout_force = PB_TIMEOUT_FORCE_NOT_TAKEN;
    if (side == PB_SIDE_OFFENSE)
        base.offense = (pb_offense)current;
    else
        base.defense = current;
    expect(c, &base, best);
    for (int x = first; x <= last; x++) {
        if (x == current)
            continue;
        if (side == PB_SIDE_OFFENSE)
            base.offense = (pb_offense)x;
        else
            base.defense = x;
        expect(c, &base, e);
        int cmp = mpq_cmp(e, best);
        if (side == PB_SIDE_OFFENSE ? cmp > 0 : cmp < 0) {
            mpq_set(best, e);
            choice = x;
        }
    }
    mpq_clears(best, e, NULL);
    return choice;
}

/* Returns false when the card has no effect (timeout not taken). May change the cards. */
bool pb_play_pre_snap_timeout(pb_play_ctx *c, pb_offense *off, int *def)
{
    const pb_play_card *card = c->card;
    pb_side side = card->timeout;
    if (!side_has_timeout(c, side)) {
        PB_TRACE(c->tr, "card %02d %s: %s has no timeout left, no effect", c->card_no, card->name, side_name(side));
        return false;
    }
    int want;
    int policy = c->env->policies.timeout;
    int change_to = side == PB_SIDE_OFFENSE ? (int)*off : *def;
    bool change = card->effect == PB_EFFECT_CHANGE_CARD;
    if (c->call->timeout_force == PB_TIMEOUT_FORCE_TAKEN)
        want = 1;
    else if (c->call->timeout_force == PB_TIMEOUT_FORCE_NOT_TAKEN)
        want = 0;
    else if (policy == PB_POLICY_NEVER)
        want = 0;
    else if (!c->env->eval)
        want = policy == PB_POLICY_ALWAYS && !change;  /* no evaluator: no best response to compute */
    else if (change) {
        change_to = best_response(c, side, *c->call, change_to);
        want = policy == PB_POLICY_ALWAYS || change_to != (side == PB_SIDE_OFFENSE ? (int)*off : *def);
    } else if (policy == PB_POLICY_ALWAYS) {
        want = 1;
    } else {
        pb_call taken = *c->call, not_taken = *c->call;
        taken.timeout_force = PB_TIMEOUT_FORCE_TAKEN;
        not_taken.timeout_force = PB_TIMEOUT_FORCE_NOT_TAKEN;
        mpq_t a, b;
        mpq_inits(a, b, NULL);
        expect(c, &taken, a);
        expect(c, &not_taken, b);
        int cmp = mpq_cmp(a, b);
        want = side == PB_SIDE_OFFENSE ? cmp > 0 : cmp < 0;
        mpq_clears(a, b, NULL);
    }
    pb_decision what = side == PB_SIDE_OFFENSE ? PB_DECIDE_TIMEOUT_OFFENSE : PB_DECIDE_TIMEOUT_DEFENSE;
    if (!pb_oracle_decide(c->o, what, want)) {
        PB_TRACE(c->tr, "card %02d %s: %s does not take a timeout", c->card_no, card->name, side_name(side));
        return false;
    }
    use_timeout(c, side);
    c->r.flags |= side == PB_SIDE_OFFENSE ? PB_FLAG_TIMEOUT_OFFENSE : PB_FLAG_TIMEOUT_DEFENSE;
    PB_TRACE(c->tr, "card %02d %s: %s takes a timeout", c->card_no, card->name, side_name(side));
    if (change) {
        if (side == PB_SIDE_OFFENSE) {
            *off = (pb_offense)pb_oracle_decide(c->o, PB_DECIDE_CHANGE_OFFENSE, change_to);
            PB_TRACE(c->tr, "offense changes its card to %s", pb_offense_name(*off));
        } else {
            *def = pb_oracle_decide(c->o, PB_DECIDE_CHANGE_DEFENSE, change_to);
            PB_TRACE(c->tr, "defense changes its card to Defense %d", *def);
        }
        return false;  /* the card has done its work */
    }
    return true;
}
