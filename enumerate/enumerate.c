/* enumerate/enumerate.c: pb_enumerate and pb_walk: a query driven through a cursor.
 *
 * Every path of the action is run (pb_cursor_next) and added to the distribution with its
 * weight; the result is sorted and checked to sum to exactly 1. The deck is the mix of the
 * 24 cards' distributions, 1/24 = 9/6^3 each. The "best" policies get an exact evaluator
 * (evaluator.c) whose fallback depth is the query's. */
#include <stdio.h>
#include <string.h>

#include "enum_internal.h"

pb_result pb_action_run(const pb_play_env *env, pb_action action, const pb_situation *s, const pb_call *call,
                        pb_oracle *o)
{
    const pb_ruleset *rs = env->rules;
    switch (action) {
    case PB_ACTION_PLAY:
        return pb_play_resolve(env, s, call, o);
    case PB_ACTION_KICKOFF:
        return pb_kickoff(env, rs->kickoff_from, o);
    case PB_ACTION_FREE_KICK:
        return pb_kickoff(env, rs->free_kick_from, o);
    case PB_ACTION_ONSIDE:
        return pb_onside(env, rs->kickoff_from, o);
    case PB_ACTION_ONSIDE_FREE:
        return pb_onside(env, rs->free_kick_from, o);
    case PB_ACTION_PUNT:
        return pb_punt(env, s->togo, o);
    case PB_ACTION_RETURN:
        return pb_return(env, s->togo, o);
    case PB_ACTION_FIELD_GOAL:
        return pb_field_goal(env, s->togo, o);
    case PB_ACTION_PAT:
        return pb_pat_kick(env, o);
    default:
        return pb_two_point(env, call->offense, call->defense, o);
    }
}

int pb_enum_action(pb_dist *out, const pb_play_env *env0, pb_action action, const pb_situation *s,
                   const pb_call *call, int depth, pb_cursor_mode mode, const pb_evaluator *ev, char *err,
                   size_t errlen)
{
    pb_play_env env = *env0;
    env.trace = NULL;
    env.eval = ev;
    pb_cursor cur;
    pb_cursor_init(&cur, mode, depth);
    pb_dist_init(out);
    pb_dist_acc acc;
    pb_dist_acc_init(&acc, out);
    do {
        pb_result r = pb_action_run(&env, action, s, call, &cur.base);
        if (cur.err[0])
            break;
        pb_dist_acc_add(&acc, r.kind, pb_outcome_has_yards(r.kind) ? r.yards : 0, r.flags, &cur);
    } while (pb_cursor_next(&cur));
    if (pb_dist_acc_release(&acc) != 0 && !cur.err[0])
        snprintf(cur.err, sizeof cur.err, "out of memory");
    if (cur.err[0]) {
        snprintf(err, errlen, "%s", cur.err);
        pb_dist_release(out);
        pb_dist_init(out);
        return cur.needs_depth ? PB_ENUM_NEEDS_DEPTH : -1;
    }
    if (mode != PB_CURSOR_FAST_SUMMARY)  /* summaries do not depend on the order */
        pb_dist_sort(out);
    if (pb_dist_check(out) != 0) {
        snprintf(err, errlen, "internal error: the distribution does not sum to exactly 1");
        return -1;
    }
    return 0;
}

int pb_enum_query_check(const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen)
{
    const pb_ruleset *rs = env->rules;
    if ((int)q->action < 0 || q->action >= PB_ACTION_COUNT) {
        snprintf(err, errlen, "unknown action %d", (int)q->action);
        return -1;
    }
    if (q->depth < 0 || q->depth > PB_ENUM_DEPTH_MAX) {
        snprintf(err, errlen, "depth %d is out of range (0..%d; 0: exact)", q->depth, PB_ENUM_DEPTH_MAX);
        return -1;
    }
    if (q->action == PB_ACTION_PLAY || q->action == PB_ACTION_TWO_POINT) {
        if ((int)q->offense < 0 || q->offense >= PB_OFFENSE_COUNT) {
            snprintf(err, errlen, "unknown offense card %d", (int)q->offense);
            return -1;
        }
        if (q->defense < 1 || q->defense > PB_DEFENSE_COUNT) {
            snprintf(err, errlen, "unknown defense card %d (1..%d)", q->defense, PB_DEFENSE_COUNT);
            return -1;
        }
    }
    if (q->action == PB_ACTION_PLAY && (q->card < -1 || q->card > PB_CARD_COUNT)) {
        snprintf(err, errlen, "unknown play card %d (0 none, 1..%d, -1 deck)", q->card, PB_CARD_COUNT);
        return -1;
    }
    if (q->action == PB_ACTION_TWO_POINT && q->card != 0) {
        snprintf(err, errlen, "a two-point try uses no play card");
        return -1;
    }
    if (q->action == PB_ACTION_PLAY || q->action == PB_ACTION_PUNT || q->action == PB_ACTION_RETURN ||
        q->action == PB_ACTION_FIELD_GOAL) {
        if (pb_situation_check(&q->sit, err, errlen) != 0)
            return -1;
    }
    if (q->action == PB_ACTION_FIELD_GOAL && q->sit.togo > rs->fg_max_togo) {
        snprintf(err, errlen, "a field goal from %d yards to go is not allowed (at most %d, rule 3.6)", q->sit.togo,
                 rs->fg_max_togo);
        return -1;
    }
    return 0;
}

static int run_cards(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, pb_cursor_mode mode,
                     const pb_evaluator *ev, char *err, size_t errlen);

static int run_query(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, pb_cursor_mode mode, char *err,
                     size_t errlen)
{
    if (pb_enum_query_check(env, q, err, errlen) != 0) {
        pb_dist_init(out);
        return -1;
    }
    pb_enum_eval ev;
    pb_enum_eval_init(&ev, q->depth > 0 ? q->depth : PB_ENUM_EVAL_FALLBACK_DEPTH);
    int st = run_cards(out, env, q, mode, &ev.base, err, errlen);
    pb_enum_eval_release(&ev);
    return st;
}

static int run_cards(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, pb_cursor_mode mode,
                     const pb_evaluator *ev, char *err, size_t errlen)
{
    pb_call call = {q->offense, q->defense, q->card, PB_TIMEOUT_POLICY};
    if (q->action != PB_ACTION_PLAY || q->card != PB_CARD_DECK) {
        int st = pb_enum_action(out, env, q->action, &q->sit, &call, q->depth, mode, ev, err, errlen);
        return st == 0 ? 0 : -1;
    }
    pb_dist cards[PB_CARD_COUNT];
    const pb_dist *in[PB_CARD_COUNT];
    unsigned long wnum[PB_CARD_COUNT];
    unsigned wexp[PB_CARD_COUNT];
    int done = 0, st = 0;
    for (; done < PB_CARD_COUNT; done++) {
        call.card = done + 1;
        st = pb_enum_action(&cards[done], env, q->action, &q->sit, &call, q->depth, mode, ev, err, errlen);
        if (st != 0) {
            pb_dist_release(&cards[done]);
            break;
        }
        in[done] = &cards[done];
        wnum[done] = 9;  /* 1/24 = 9/216 */
        wexp[done] = 3;
    }
    if (st == 0 && pb_dist_mix(out, in, wnum, wexp, PB_CARD_COUNT) != 0) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    } else if (st != 0)
        pb_dist_init(out);
    for (int i = 0; i < done; i++)
        pb_dist_release(&cards[i]);
    if (st == 0 && pb_dist_check(out) != 0) {
        snprintf(err, errlen, "internal error: the deck distribution does not sum to exactly 1");
        return -1;
    }
    return st == 0 ? 0 : -1;
}

int pb_enumerate(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen)
{
    return run_query(out, env, q, PB_CURSOR_FAST, err, errlen);
}

int pb_enumerate_summary(pb_summary *s, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen)
{
    pb_cursor_mode mode = q->action == PB_ACTION_PLAY && q->depth == 0 ? PB_CURSOR_FAST_SUMMARY : PB_CURSOR_FAST;
    pb_dist d;
    int st = run_query(&d, env, q, mode, err, errlen);
    if (st == 0)
        pb_summarize(&d, s);
    pb_dist_release(&d);
    return st;
}

int pb_walk(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen)
{
    if (q->depth < 1 || q->depth > PB_WALK_DEPTH_MAX) {
        snprintf(err, errlen, "the reference walker needs a depth of 1..%d re-rolls, not %d", PB_WALK_DEPTH_MAX,
                 q->depth);
        pb_dist_init(out);
        return -1;
    }
    return run_query(out, env, q, PB_CURSOR_WALK, err, errlen);
}

void pb_enum_cache_clear(void)
{
    pb_enum_eval_cache_clear();
    pb_return_cache_clear();
    pb_chain_cache_clear();
    pb_pow6_clear();
}
