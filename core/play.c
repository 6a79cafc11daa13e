/* core/play.c: one run or pass play with its play card, against the dice oracle.
 *
 * The order follows the rulebook: pre-snap timeouts (cards 21-24), the roll, pre-snap fouls
 * (07, 08), sacks (19, 20), the play (2.4) with its card, the doubles chain, turnovers
 * (01-04), challenges (01, 03, 05, 06), fouls during the play (09, 10). Only the first roll
 * decides fouls, interceptions and fumbles (doc/model.md section 10); re-rolls only add
 * distance. Every choice goes through a policy and the oracle's decision point. This file:
 * the play's flow, its rolls and gain; what the card does besides yardage is play_card.c's. */
#include "play.h"

#include <string.h>

#include "play_internal.h"
#include "trace.h"

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

/* Offense keeps the ball after a net gain: gain, touchdown or safety, and the first down. */
static void settle_gain(pb_play_ctx *c, int gain)
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
static int per_roll(const pb_play_ctx *c, int distance)
{
    int d = distance * c->factor + c->add;
    if (c->divisor > 1 && !c->halve_total)
        d = pb_round_div(d, c->divisor, c->rs->sw.c18_round);
    return d;
}

/* The final gain from the rolls' total: halve the total, subtract (cards 18/22, 17). */
static int finish_total(const pb_play_ctx *c, int total)
{
    if (c->divisor > 1 && c->halve_total)
        total = pb_round_div(total, c->divisor, c->rs->sw.c18_round);
    return total - c->subtract;
}

/* The smallest rolls' total that scores: finish_total(total) >= togo. */
static int scoring_total(const pb_play_ctx *c)
{
    int need = c->s->togo + c->subtract;
    if (c->divisor > 1 && c->halve_total)
        need *= c->divisor;
    return need;
}

/* Re-roll spec for a play's doubles chain. */
static pb_chain_spec play_chain_spec(const pb_play_ctx *c)
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
static int roll_chain(pb_play_ctx *c, int first)
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

/* ---- the play ---- */

static bool card_applies(const pb_play_card *card, bool pass)
{
    return card->plays == PB_PLAYS_ALL || (card->plays == PB_PLAYS_PASS) == pass;
}

static void run_play(pb_play_ctx *c, pb_dice d)
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
        pb_play_fumble(c, gain, finish_total(c, first), false);
}

static void pass_play(pb_play_ctx *c, pb_dice d)
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
                if (pb_play_challenge(c, card->challenge, &c->r, &won)) {
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
            pb_play_fumble(c, 0, 0, true);
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
        if (card->challenge != PB_SIDE_NONE && pb_play_challenge(c, card->challenge, &now, &won)) {
            PB_TRACE(c->tr, "overturned: incomplete, no turnover");
            c->r.kind = PB_OUT_INCOMPLETE;
            c->r.yards = 0;
            return;
        }
        c->r.flags |= PB_FLAG_INTERCEPTION;
        pb_play_turnover_at(c, c->s->togo - spot, card->turnover_return);
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
        pb_play_fumble(c, gain, finish_total(c, first), false);
    } else if (card && card->effect == PB_EFFECT_CHALLENGE && card->challenge_on == PB_ON_COMPLETE) {
        pb_result won = c->r;
        won.kind = PB_OUT_INCOMPLETE;
        won.yards = 0;
        won.flags &= ~(PB_FLAG_COMPLETE | PB_FLAG_FIRST_DOWN);
        if (pb_play_challenge(c, card->challenge, &c->r, &won)) {
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
    pb_play_ctx c;
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
        if (c.card->timeout != PB_SIDE_NONE && !pb_play_pre_snap_timeout(&c, &off, &def))
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
        pb_play_apply_card(&c);

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
            pb_play_foul(&c, fouler, &no_play);
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
            pb_play_foul(&c, fouler, &play);
        }
    }
    return c.r;
}
