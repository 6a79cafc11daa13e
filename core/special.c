/* core/special.c: special teams against the dice oracle: kickoff, onside and free kicks,
 * punt, return, field goal, PAT kick, two-point try (rulebook 3.1-3.6).
 * Results are from the receiving team's view for kicks and punts (PB_OUT_START togo,
 * PB_OUT_RETURN_TD), from the kicking team's for onside recoveries, field goals and PATs. */
#include <string.h>

#include "play.h"
#include "play_internal.h"
#include "trace.h"

static pb_result result_of(pb_outcome_kind kind, int yards)
{
    pb_result r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.yards = yards;
    return r;
}

int pb_return_distance(const pb_play_env *env, pb_oracle *o, int from)
{
    const pb_ruleset *rs = env->rules;
    if (o->ops->ret) {  /* the oracle draws the whole return at once (the enumerator) */
        int r = o->ops->ret(o, rs->return_multiplier, rs->return_doubles_multiplier, from);
        if (r != PB_RETURN_LITERAL)
            return r;
    }
    pb_dice d = pb_oracle_roll2(o, PB_ROLL_RETURN);
    bool doubles = pb_dice_doubles(d);
    int first = pb_dice_sum(d) * (doubles ? rs->return_doubles_multiplier : rs->return_multiplier);
    PB_TRACE(env->trace, "return roll: %d-%d: %d yards%s", d.a, d.b, first, doubles ? " (doubles: roll again)" : "");
    if (!doubles || first >= from)
        return first < from ? first : from;
    pb_chain_spec spec = {rs->return_multiplier, rs->return_doubles_multiplier, 0, 1};
    int t = pb_oracle_chain(o, &spec, from - first);
    if (t == PB_CHAIN_CUT) {
        PB_TRACE(env->trace, "return chain cut at the depth limit");
        return PB_CHAIN_CUT;
    }
    PB_TRACE(env->trace, "return chain: +%d yards", t);
    return first + t;
}

pb_result pb_return(const pb_play_env *env, int landing_togo, pb_oracle *o)
{
    int ret = pb_return_distance(env, o, landing_togo);
    if (ret == PB_CHAIN_CUT)
        return result_of(PB_OUT_CUT, 0);
    pb_result r = result_of(PB_OUT_START, landing_togo - ret);
    r.flags |= PB_FLAG_RETURNED;
    if (r.yards <= 0) {
        PB_TRACE(env->trace, "returned all the way: touchdown");
        r.kind = PB_OUT_RETURN_TD;
        r.yards = 0;
    } else if (r.yards > 99) {
        r.yards = 99;
    }
    return r;
}

/* The receiving team takes a touchback or returns a ball that stopped at landing_togo. */
static pb_result receive(const pb_play_env *env, int landing_togo, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    int want = 1;
    if (env->policies.ret == PB_RETURN_TOUCHBACK) {
        want = 0;
    } else if (env->policies.ret == PB_RETURN_BEST && env->eval) {
        mpq_t e, tb;
        mpq_inits(e, tb, NULL);
        env->eval->expect_return(env->eval, rs, landing_togo, e);
        mpq_set_si(tb, rs->touchback_togo, 1);
        want = mpq_cmp(e, tb) <= 0;  /* touchback only when returning is expected to be worse */
        mpq_clears(e, tb, NULL);
    }
    if (!pb_oracle_decide(o, PB_DECIDE_RETURN, want)) {
        PB_TRACE(env->trace, "the receiving team takes a touchback: starts at its %d", 100 - rs->touchback_togo);
        pb_result r = result_of(PB_OUT_START, rs->touchback_togo);
        r.flags |= PB_FLAG_TOUCHBACK;
        return r;
    }
    PB_TRACE(env->trace, "the receiving team returns from %d yards to go", landing_togo);
    return pb_return(env, landing_togo, o);
}

pb_result pb_kickoff(const pb_play_env *env, int from_own, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    pb_dice d = pb_oracle_roll2(o, PB_ROLL_KICKOFF);
    int dist = pb_dice_sum(d) * rs->kickoff_multiplier + rs->kickoff_base;
    int landing = from_own + dist;  /* the receiving team's togo where the ball stops */
    PB_TRACE(env->trace, "kickoff from the own %d: roll %d-%d: %d x %d + %d = %d yards", from_own, d.a, d.b,
             pb_dice_sum(d), rs->kickoff_multiplier, rs->kickoff_base, dist);
    if (landing >= 100) {
        landing = 100;
        PB_TRACE(env->trace, "stopped at the goal line");
    }
    return receive(env, landing, o);
}

pb_result pb_onside(const pb_play_env *env, int from_own, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    int die = pb_oracle_roll1(o, PB_ROLL_ONSIDE);
    int dist = die * rs->onside_multiplier;
    bool kept = dist >= rs->onside_keep_at_least;
    PB_TRACE(env->trace, "onside kick from the own %d: die %d: %d yards: %s", from_own, die, dist,
             kept ? "the kicking team keeps the ball" : "the receiving team gets the ball");
    int kicking_togo = 100 - from_own - dist;
    if (kicking_togo < 1)
        kicking_togo = 1;
    if (kicking_togo > 99)
        kicking_togo = 99;
    if (kept)
        return result_of(PB_OUT_KEPT, kicking_togo);
    return result_of(PB_OUT_START, 100 - kicking_togo);
}

pb_result pb_punt(const pb_play_env *env, int togo, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    int landing = 100 - (togo - rs->punt_distance);
    PB_TRACE(env->trace, "punt from %d yards to go: %d yards", togo, rs->punt_distance);
    if (landing >= 100) {
        landing = 100;
        PB_TRACE(env->trace, "stopped at the goal line");
    }
    if (landing < 1)
        landing = 1;
    return receive(env, landing, o);
}

pb_result pb_field_goal(const pb_play_env *env, int togo, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    pb_dice d = pb_oracle_roll2(o, PB_ROLL_FIELD_GOAL);
    pb_faces faces = 0;
    for (int i = 0; i < rs->fg_row_count; i++)
        if (togo <= rs->fg_rows[i].max_togo) {
            faces = rs->fg_rows[i].faces;
            break;
        }
    bool good = (rs->fg_doubles && pb_dice_doubles(d)) || pb_dice_shows(d, faces);
    PB_TRACE(env->trace, "field goal from %d yards to go: roll %d-%d: %s", togo, d.a, d.b,
             good ? (pb_dice_shows(d, faces) ? "a die shows a number of its row: good" : "doubles: good")
                  : "no number of its row, no doubles: missed, the opponent takes over at the spot");
    if (good)
        return result_of(PB_OUT_GOOD, 0);
    return result_of(PB_OUT_START, 100 - togo);
}

pb_result pb_pat_kick(const pb_play_env *env, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    pb_dice d = pb_oracle_roll2(o, PB_ROLL_PAT);
    bool good = pb_dice_sum(d) >= rs->pat_kick_at_least;
    PB_TRACE(env->trace, "PAT kick: roll %d-%d, sum %d: %s (needs %d or more)", d.a, d.b, pb_dice_sum(d),
             good ? "good" : "no good", rs->pat_kick_at_least);
    return result_of(good ? PB_OUT_GOOD : PB_OUT_MISS, 0);
}

pb_result pb_two_point(const pb_play_env *env, pb_offense off, int defense, pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    pb_situation s = {rs->two_point_togo, 1, rs->two_point_togo, 0, 0, 0};
    pb_call call = {off, defense, 0, PB_TIMEOUT_POLICY};
    PB_TRACE(env->trace, "two-point try from %d yards, no play card", rs->two_point_togo);
    return pb_play_resolve(env, &s, &call, o);
}
