/* core/play.c: one run or pass play with its play card, against the dice oracle.
 *
 * The order follows the rulebook: pre-snap timeouts (cards 21-24), the roll, pre-snap fouls
 * (07, 08), sacks (19, 20), the play (2.4) with its card, the doubles chain, turnovers
 * (01-04), challenges (01, 03, 05, 06), fouls during the play (09, 10). Only the first roll
 * decides fouls, interceptions and fumbles (doc/model.md section 10); re-rolls only add
 * distance. Every choice goes through a policy and the oracle's decision point. */
#include "play.h"

#include <string.h>

#include "play_internal.h"
#include "trace.h"

typedef struct {
    const pb_play_env *env;
    const pb_ruleset *rs;
    const pb_situation *s;
    const pb_call *call;
    pb_oracle *o;
    pb_trace *tr;
    const pb_play_card *card;  /* the card in effect for this play, or NULL */
    int card_no;
    bool pass;
    /* per-roll and final transforms from the card */
    int factor, add, divisor, subtract;
    bool halve_total;
    int doubles_factor;        /* card 15: a doubles run roll is sum * this (0: none) */
    bool ignore_defense;
    pb_result r;
} play_ctx;

/* ---- arithmetic ---- */

int pb_half_distance(int distance)
{
    if (distance <= 1)
        return 0;
    return (distance + 1) / 2;
}

int pb_penalty_yards(const pb_ruleset *rs, int yards, int distance)
{
    int limit = rs->half_distance ? pb_half_distance(distance) : distance - 1;
    if (limit < 0)
        limit = 0;
    return yards < limit ? yards : limit;
}

int pb_round_div(int x, int divisor, int mode)
{
    return mode == PB_ROUND_FLOOR ? pb_div_floor(x, divisor) : x / divisor;  /* C's `/` rounds toward zero */
}

int pb_play_value(const pb_result *r, int togo)
{
    switch (r->kind) {
    case PB_OUT_TOUCHDOWN:
        return togo;
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
    case PB_OUT_PENALTY:
        return r->yards;
    case PB_OUT_SAFETY:
        return -(100 - togo) - 1;
    case PB_OUT_TURNOVER:
        return r->yards - 200;
    case PB_OUT_TURNOVER_TD:
        return -200;
    default:
        return 0;
    }
}

/* ---- the pieces of a play ---- */

static const char *side_name(pb_side side) { return side == PB_SIDE_OFFENSE ? "offense" : "defense"; }

/* Offense keeps the ball after a net gain: gain, touchdown or safety, and the first down. */
static void settle_gain(play_ctx *c, int gain)
{
    int after = c->s->togo - gain;
    if (after <= 0) {
        c->r.kind = PB_OUT_TOUCHDOWN;
        c->r.yards = 0;
    } else if (after >= 100) {
        c->r.kind = PB_OUT_SAFETY;
        c->r.yards = 0;
    } else {
        c->r.kind = PB_OUT_GAIN;
        c->r.yards = gain;
        if (gain >= c->s->ytg)
            c->r.flags |= PB_FLAG_FIRST_DOWN;
    }
}

/* One roll's distance after the card's per-roll effects (multiply, add, halve each roll). */
static int per_roll(const play_ctx *c, int distance)
{
    int d = distance * c->factor + c->add;
    if (c->divisor > 1 && !c->halve_total)
        d = pb_round_div(d, c->divisor, c->rs->sw.c18_round);
    return d;
}

/* The final gain from the rolls' total: halve the total, subtract (cards 18/22, 17). */
static int finish_total(const play_ctx *c, int total)
{
    if (c->divisor > 1 && c->halve_total)
        total = pb_round_div(total, c->divisor, c->rs->sw.c18_round);
    return total - c->subtract;
}

/* The smallest rolls' total that scores: finish_total(total) >= togo. */
static int scoring_total(const play_ctx *c)
{
    int need = c->s->togo + c->subtract;
    if (c->divisor > 1 && c->halve_total)
        need *= c->divisor;
    return need;
}

/* Re-roll spec for a play's doubles chain. */
static pb_chain_spec play_chain_spec(const play_ctx *c)
{
    int base = 1;
    if (c->pass)
        base = c->call->offense == PB_OFF_LONG ? c->rs->long_multiplier : c->rs->short_multiplier;
    pb_chain_spec spec = {base, base, 0, 1};
    if (c->doubles_factor) {
        spec.doubles_multiplier = c->doubles_factor;
        if (c->rs->sw.c15_reroll == PB_C15_ALL)
            spec.multiplier = c->doubles_factor;
    }
    spec.multiplier *= c->factor;
    spec.doubles_multiplier *= c->factor;
    spec.add = c->add;
    if (c->divisor > 1 && !c->halve_total)
        spec.divisor = c->divisor;
    return spec;
}

/* Roll the chain after a doubles first roll worth `first`: returns the rolls' total, capped
 * where the play scores, or PB_CHAIN_CUT. */
static int roll_chain(play_ctx *c, int first)
{
    int cap = scoring_total(c) - first;
    if (cap <= 0) {
        PB_TRACE(c->tr, "doubles: the ball is already in the end zone, the chain cannot change the result");
        return first;
    }
    pb_chain_spec spec = play_chain_spec(c);
    int t = pb_oracle_chain(c->o, &spec, cap);
    if (t == PB_CHAIN_CUT) {
        PB_TRACE(c->tr, "doubles chain cut at the depth limit");
        return PB_CHAIN_CUT;
    }
    if (t >= cap)
        PB_TRACE(c->tr, "doubles chain: +%d or more yards: the ball reaches the end zone", cap);
    else
        PB_TRACE(c->tr, "doubles chain: +%d yards", t);
    return first + t;
}

static bool side_has_timeout(const play_ctx *c, pb_side side)
{
    if (side == PB_SIDE_OFFENSE)
        return c->s->timeouts_off - c->r.timeouts_off_used > 0;
    return c->s->timeouts_def - c->r.timeouts_def_used > 0;
}

static void use_timeout(play_ctx *c, pb_side side)
{
    if (side == PB_SIDE_OFFENSE)
        c->r.timeouts_off_used++;
    else
        c->r.timeouts_def_used++;
}

/* A challenge by `side` (3.7) of the ruling `now`, which `if_won` would replace.
 * Returns true when the challenge was made and won. */
static bool challenge(play_ctx *c, pb_side side, const pb_result *now, const pb_result *if_won)
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
static void turnover_at(play_ctx *c, int spot_togo, bool with_return)
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
static void foul(play_ctx *c, pb_side fouler, const pb_result *play)
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

/* Which side fouled on this roll (cards 07-10), or PB_SIDE_NONE. */
static pb_side foul_side(const pb_play_card *card, pb_dice d)
{
    bool off = pb_dice_shows(d, card->foul_offense), def = pb_dice_shows(d, card->foul_defense);
    if (off && !def)
        return PB_SIDE_OFFENSE;
    if (def && !off)
        return PB_SIDE_DEFENSE;
    return PB_SIDE_NONE;
}

static bool triggered(const pb_play_card *card, pb_dice d)
{
    return card->trigger_doubles ? pb_dice_doubles(d) : pb_dice_shows(d, card->trigger_faces);
}

/* ---- timeouts before the play (cards 21-24) ---- */

static int expect(play_ctx *c, const pb_call *call, mpq_t out)
{
    const pb_evaluator *ev = c->env->eval;
    return ev->expect_play(ev, c->rs, &c->env->policies, c->s, call, out);
}

/* Best response by expected value: offense maximizes, defense minimizes; ties keep `current`. */
static int best_response(play_ctx *c, pb_side side, pb_call base, int current)
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
static bool pre_snap_timeout(play_ctx *c, pb_offense *off, int *def)
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

/* ---- the play ---- */

static void apply_card_effects(play_ctx *c)
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

static bool card_applies(const pb_play_card *card, bool pass)
{
    return card->plays == PB_PLAYS_ALL || (card->plays == PB_PLAYS_PASS) == pass;
}

/* A fumble (cards 03, 04) after a play that gained `gain` (first roll only: `first_gain`). */
static void fumble(play_ctx *c, int gain, int first_gain, bool at_scrimmage)
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
        if (challenge(c, card->challenge, &now, &kept))
            return;
    }
    c->r.flags |= PB_FLAG_FUMBLE;
    c->r.flags &= ~PB_FLAG_FIRST_DOWN;
    turnover_at(c, c->s->togo - spot_gain, card->turnover_return);
}

static void run_play(play_ctx *c, pb_dice d)
{
    const pb_defense_card *def = &c->rs->defense[c->call->defense - 1];
    int sum = pb_dice_sum(d);
    int raw;
    if (pb_dice_doubles(d)) {
        raw = c->doubles_factor ? sum * c->doubles_factor : sum;
        PB_TRACE(c->tr, "run, doubles: %d yards, the defense is ignored%s", raw,
                 c->doubles_factor ? " (card: doubles multiplied)" : "");
    } else if (c->ignore_defense) {
        raw = sum;
        PB_TRACE(c->tr, "run: %d yards, the run value is not subtracted (card %02d)", raw, c->card_no);
    } else {
        raw = sum - def->run_value;
        PB_TRACE(c->tr, "run: %d - %d (Defense %d) = %d yards", sum, def->run_value, c->call->defense, raw);
    }
    int first = per_roll(c, raw);
    if (first != raw)
        PB_TRACE(c->tr, "card %02d %s: the roll counts %d yards", c->card_no, c->card->name, first);
    int total = first;
    if (pb_dice_doubles(d)) {
        total = roll_chain(c, first);
        if (total == PB_CHAIN_CUT) {
            c->r.kind = PB_OUT_CUT;
            return;
        }
    }
    int gain = finish_total(c, total);
    if (gain != total)
        PB_TRACE(c->tr, "card %02d %s: the gain becomes %d yards", c->card_no, c->card->name, gain);
    settle_gain(c, gain);
    if (c->card && c->card->effect == PB_EFFECT_FUMBLE && triggered(c->card, d))
        fumble(c, gain, finish_total(c, first), false);
}

static void pass_play(play_ctx *c, pb_dice d)
{
    const pb_ruleset *rs = c->rs;
    const pb_defense_card *def = &rs->defense[c->call->defense - 1];
    bool lng = c->call->offense == PB_OFF_LONG;
    int sum = pb_dice_sum(d);
    int raw = sum * (lng ? rs->long_multiplier : rs->short_multiplier);
    int end_line = c->s->togo + rs->end_zone_depth;
    bool red = c->s->togo <= rs->red_zone;
    pb_faces faces = lng ? (red ? def->long_red : def->long_faces) : (red ? def->short_red : def->short_faces);
    const pb_play_card *card = c->card;
    bool complete = true, by_end_line = false;

    if (pb_dice_doubles(d)) {
        PB_TRACE(c->tr, "%s pass, doubles: %d yards, always complete", lng ? "long" : "short", raw);
    } else if (rs->sw.end_line == PB_ENDLINE_GE ? raw >= end_line : raw > end_line) {
        complete = false;
        by_end_line = true;
        PB_TRACE(c->tr, "%s pass: %d yards, beyond the end line (%d yards away): incomplete", lng ? "long" : "short",
                 raw, end_line);
    } else if (!c->ignore_defense && pb_dice_shows(d, faces)) {
        complete = false;
        PB_TRACE(c->tr, "%s pass: %d yards, a die shows a Defense %d number%s: incomplete", lng ? "long" : "short",
                 raw, c->call->defense, red && faces != (lng ? def->long_faces : def->short_faces) ? " (red zone)" : "");
    } else {
        PB_TRACE(c->tr, "%s pass: %d yards, complete%s", lng ? "long" : "short", raw,
                 c->ignore_defense ? " (the defense numbers are ignored)" : "");
    }

    if (!complete) {
        c->r.kind = PB_OUT_INCOMPLETE;
        c->r.yards = 0;
        if (card && card->effect == PB_EFFECT_CHALLENGE && card->challenge_on == PB_ON_INCOMPLETE) {
            if (by_end_line && rs->sw.c06_endline == PB_C06_NO_CHALLENGE) {
                PB_TRACE(c->tr, "an end-line incompletion cannot be challenged (C06-ENDLINE)");
            } else {
                pb_result won = c->r;
                won.kind = raw >= c->s->togo ? PB_OUT_TOUCHDOWN : PB_OUT_GAIN;
                won.yards = won.kind == PB_OUT_GAIN ? raw : 0;
                if (challenge(c, card->challenge, &c->r, &won)) {
                    PB_TRACE(c->tr, "overturned: complete for %d yards", raw);
                    c->r.flags |= PB_FLAG_COMPLETE;
                    settle_gain(c, raw);
                }
            }
        } else if (card && card->effect == PB_EFFECT_SUBTRACT && rs->sw.c17_inc == PB_C17INC_APPLIED) {
            PB_TRACE(c->tr, "card %02d %s on the incomplete pass: %d yards (C17-INC)", c->card_no, card->name,
                     -c->subtract);
            settle_gain(c, -c->subtract);
        } else if (card && card->effect == PB_EFFECT_FUMBLE && rs->sw.f03_inc == PB_F03INC_AT_SCRIMMAGE &&
                   triggered(card, d)) {
            fumble(c, 0, 0, true);
        }
        return;
    }

    c->r.flags |= PB_FLAG_COMPLETE;
    if (card && card->effect == PB_EFFECT_INTERCEPT && triggered(card, d)) {
        int spot = raw;
        if (pb_dice_doubles(d) && !card->no_chain && rs->sw.i02_spot == PB_I02_CHAIN_FIRST) {
            int cap = c->s->togo - raw;
            if (cap > 0) {
                pb_chain_spec spec = play_chain_spec(c);
                int t = pb_oracle_chain(c->o, &spec, cap);
                if (t == PB_CHAIN_CUT) {
                    c->r.kind = PB_OUT_CUT;
                    return;
                }
                spot += t;
            }
        }
        c->r.flags &= ~PB_FLAG_COMPLETE;
        PB_TRACE(c->tr, "card %02d %s: intercepted %d yards downfield", c->card_no, card->name, spot);
        pb_result now = c->r, won = c->r;
        now.kind = PB_OUT_TURNOVER;
        now.yards = 100 - (c->s->togo - spot);
        won.kind = PB_OUT_INCOMPLETE;
        won.yards = 0;
        if (card->challenge != PB_SIDE_NONE && challenge(c, card->challenge, &now, &won)) {
            PB_TRACE(c->tr, "overturned: incomplete, no turnover");
            c->r.kind = PB_OUT_INCOMPLETE;
            c->r.yards = 0;
            return;
        }
        c->r.flags |= PB_FLAG_INTERCEPTION;
        turnover_at(c, c->s->togo - spot, card->turnover_return);
        return;
    }

    int first = per_roll(c, raw);
    if (first != raw)
        PB_TRACE(c->tr, "card %02d %s: the roll counts %d yards", c->card_no, card->name, first);
    int total = first;
    if (pb_dice_doubles(d)) {
        total = roll_chain(c, first);
        if (total == PB_CHAIN_CUT) {
            c->r.kind = PB_OUT_CUT;
            return;
        }
    }
    int gain = finish_total(c, total);
    if (gain != total)
        PB_TRACE(c->tr, "card %02d %s: the gain becomes %d yards", c->card_no, card->name, gain);
    settle_gain(c, gain);

    if (card && card->effect == PB_EFFECT_FUMBLE && triggered(card, d)) {
        fumble(c, gain, finish_total(c, first), false);
    } else if (card && card->effect == PB_EFFECT_CHALLENGE && card->challenge_on == PB_ON_COMPLETE) {
        pb_result won = c->r;
        won.kind = PB_OUT_INCOMPLETE;
        won.yards = 0;
        won.flags &= ~(PB_FLAG_COMPLETE | PB_FLAG_FIRST_DOWN);
        if (challenge(c, card->challenge, &c->r, &won)) {
            PB_TRACE(c->tr, "overturned: incomplete");
            unsigned keep = c->r.flags & (PB_FLAG_CHALLENGE_WON | PB_FLAG_DOUBLES | PB_FLAG_PASS | PB_FLAG_RED_ZONE);
            c->r.kind = PB_OUT_INCOMPLETE;
            c->r.yards = 0;
            c->r.flags = keep;
        }
    }
}

pb_result pb_play_resolve(const pb_play_env *env, const pb_situation *s, const pb_call *call, pb_oracle *o)
{
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.env = env;
    c.rs = env->rules;
    c.s = s;
    c.call = call;
    c.o = o;
    c.tr = env->trace;
    c.factor = 1;
    c.divisor = 1;
    c.card_no = call->card;
    pb_offense off = call->offense;
    int def = call->defense;

    if (call->card >= 1 && call->card <= PB_CARD_COUNT) {
        c.card = &c.rs->card[call->card - 1];
        if (c.card->timeout != PB_SIDE_NONE && !pre_snap_timeout(&c, &off, &def))
            c.card = NULL;
    }
    /* the play actually run, after any change of card */
    pb_call played = *call;
    played.offense = off;
    played.defense = def;
    c.call = &played;
    c.pass = off != PB_OFF_RUN;
    c.r.offense = off;
    c.r.defense = def;
    if (c.pass)
        c.r.flags |= PB_FLAG_PASS;
    if (s->togo <= c.rs->red_zone)
        c.r.flags |= PB_FLAG_RED_ZONE;
    if (c.card && !card_applies(c.card, c.pass)) {
        PB_TRACE(c.tr, "card %02d %s does not apply to a %s", c.card_no, c.card->name, c.pass ? "pass" : "run");
        c.card = NULL;
    }
    if (c.card && c.card->effect == PB_EFFECT_FOUL && c.card->requires_lead && s->lead <= 0) {
        PB_TRACE(c.tr, "card %02d %s applies only when the offense leads", c.card_no, c.card->name);
        c.card = NULL;
    }
    if (c.card)
        apply_card_effects(&c);

    pb_dice d = pb_oracle_roll2(o, PB_ROLL_PLAY);
    PB_TRACE(c.tr, "roll: %d-%d%s", d.a, d.b, pb_dice_doubles(d) ? " (doubles)" : "");
    if (pb_dice_doubles(d))
        c.r.flags |= PB_FLAG_DOUBLES;

    const pb_play_card *card = c.card;
    if (card && card->effect == PB_EFFECT_FOUL && card->presnap) {
        pb_side fouler = foul_side(card, d);
        if (fouler != PB_SIDE_NONE) {
            pb_result no_play = c.r;
            no_play.kind = PB_OUT_GAIN;  /* a declined pre-snap foul: a play for no gain */
            no_play.yards = 0;
            foul(&c, fouler, &no_play);
            return c.r;
        }
    }
    if (card && card->effect == PB_EFFECT_SACK && triggered(card, d)) {
        int loss = card->yards;
        PB_TRACE(c.tr, "card %02d %s: sacked for a loss of %d", c.card_no, card->name, loss);
        if (s->togo + loss >= 100) {
            PB_TRACE(c.tr, "in the offense's own end zone: safety");
            c.r.kind = PB_OUT_SAFETY;
        } else {
            c.r.kind = PB_OUT_SACK;
            c.r.yards = -loss;
        }
        return c.r;
    }

    if (c.pass)
        pass_play(&c, d);
    else
        run_play(&c, d);

    if (card && card->effect == PB_EFFECT_FOUL && !card->presnap && c.r.kind != PB_OUT_CUT) {
        pb_side fouler = foul_side(card, d);
        if (fouler != PB_SIDE_NONE) {
            pb_result play = c.r;
            foul(&c, fouler, &play);
        }
    }
    return c.r;
}
