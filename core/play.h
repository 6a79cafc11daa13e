/* core/play.h: one play and each special-teams action, resolved against a dice oracle.
 *
 * The rules are written once here (play.c, special.c) and driven by every driver: the
 * simulator, the exact enumerator, the reference walker and `paperbowl roll`.
 * A call never allocates and never fails: bad inputs are rejected by pb_situation_check
 * and pb_call_check before a play is resolved. */
#ifndef PB_PLAY_H
#define PB_PLAY_H

#include <gmp.h>
#include <stdbool.h>
#include "oracle.h"
#include "ruleset.h"

typedef enum { PB_OFF_RUN, PB_OFF_SHORT, PB_OFF_LONG, PB_OFFENSE_COUNT } pb_offense;

const char *pb_offense_name(pb_offense o);   /* "run", "short", "long" */
int pb_offense_parse(const char *s);         /* pb_offense or -1 ("run", "short", "long", "short pass"...) */

/* What a play depends on besides the cards and the dice. */
typedef struct {
    int togo;          /* 1..99: yards to the opponent's goal line */
    int down;          /* 1..4 */
    int ytg;           /* yards to gain, 1..togo (goal to go: ytg == togo) */
    int lead;          /* offense score minus defense score (card 07) */
    int timeouts_off;  /* timeouts left to each side */
    int timeouts_def;
} pb_situation;

/* 1st and 10, tied, 3 timeouts each, at togo. ytg = min(10, togo). */
pb_situation pb_situation_default(const pb_ruleset *rs, int togo);
/* 0 when valid, else -1 and a message naming the field ("togo 0 is off the field (1..99)"). */
int pb_situation_check(const pb_situation *s, char *err, size_t errlen);

/* Forced pre-snap timeout choices (cards 21-24), used by evaluators to avoid recursion. */
typedef enum { PB_TIMEOUT_POLICY = 0, PB_TIMEOUT_FORCE_TAKEN, PB_TIMEOUT_FORCE_NOT_TAKEN } pb_timeout_force;

/* A card option meaning "the whole deck, each card 1/24" (enumerator queries, --card deck). */
#define PB_CARD_DECK (-1)

typedef struct {
    pb_offense offense;
    int defense;         /* 1..5 */
    int card;            /* 0: no card; 1..24 */
    pb_timeout_force timeout_force;
} pb_call;

/* Canonical outcomes. The first nine are the play outcomes of the issue tracker's contract;
 * the last five are special-teams results. Keep names and order stable. */
typedef enum {
    PB_OUT_GAIN,        /* offense keeps the ball, yards = net gain (may be negative) */
    PB_OUT_INCOMPLETE,
    PB_OUT_SACK,        /* yards = the signed yards lost (negative) */
    PB_OUT_TOUCHDOWN,
    PB_OUT_SAFETY,
    PB_OUT_TURNOVER,    /* yards = the new offense's togo after any return (touchback: 80) */
    PB_OUT_TURNOVER_TD,
    PB_OUT_PENALTY,     /* yards = signed yards the ball moves for the offense */
    PB_OUT_CUT,         /* a doubles chain cut at the depth limit */
    PB_OUT_START,       /* kick / punt / missed field goal: the receiving team starts at togo yards */
    PB_OUT_RETURN_TD,   /* the receiving team returns the kick for a touchdown */
    PB_OUT_KEPT,        /* onside kick recovered: the kicking team keeps the ball at togo yards */
    PB_OUT_GOOD,        /* field goal or PAT kick good */
    PB_OUT_MISS,        /* PAT kick missed (a missed field goal is PB_OUT_START) */
    PB_OUT_KIND_COUNT
} pb_outcome_kind;

const char *pb_outcome_name(pb_outcome_kind k);  /* "gain", "incomplete", ... */
int pb_outcome_parse(const char *s);             /* kind or -1 */
/* Does `yards` mean anything for this kind (gain, sack, turnover, penalty, start, kept)? */
bool pb_outcome_has_yards(pb_outcome_kind k);

/* Facts about how the play went, beyond the outcome (ask events, summaries, the simulator). */
enum {
    PB_FLAG_COMPLETE        = 1u << 0,  /* the pass was caught (a later fumble still counts) */
    PB_FLAG_INTERCEPTION    = 1u << 1,
    PB_FLAG_FUMBLE          = 1u << 2,  /* fumble lost */
    PB_FLAG_FIRST_DOWN      = 1u << 3,  /* offense keeps the ball, no score, line to gain reached */
    PB_FLAG_FOUL_OFFENSE    = 1u << 4,  /* a foul by the offense was called */
    PB_FLAG_FOUL_DEFENSE    = 1u << 5,
    PB_FLAG_DECLINED        = 1u << 6,  /* the penalty was declined */
    PB_FLAG_CHALLENGE_WON   = 1u << 7,
    PB_FLAG_CHALLENGE_LOST  = 1u << 8,
    PB_FLAG_TIMEOUT_OFFENSE = 1u << 9,  /* offense took a card timeout (21, 23) */
    PB_FLAG_TIMEOUT_DEFENSE = 1u << 10, /* defense took a card timeout (22, 24) */
    PB_FLAG_DOUBLES         = 1u << 11, /* the first roll was doubles */
    PB_FLAG_TOUCHBACK       = 1u << 12, /* a touchback was taken or ruled */
    PB_FLAG_RETURNED        = 1u << 13, /* the ball was returned */
    PB_FLAG_PASS            = 1u << 14, /* the play was a pass (after any change of card) */
    PB_FLAG_RED_ZONE        = 1u << 15, /* snapped in the red zone */
};

typedef struct {
    pb_outcome_kind kind;
    int yards;           /* see pb_outcome_kind; 0 where it has no meaning */
    unsigned flags;      /* PB_FLAG_* */
    int timeouts_off_used;  /* timeouts spent by each side on this play (cards, challenges) */
    int timeouts_def_used;
    pb_offense offense;  /* the cards finally played (after 23 / 24) */
    int defense;
} pb_result;

/* Policies for the decision points (doc/model.md section 6). */
typedef enum { PB_POLICY_BEST = 0, PB_POLICY_ALWAYS, PB_POLICY_NEVER } pb_policy_choice;  /* challenge, timeout */
typedef enum { PB_PENALTY_BEST = 0, PB_PENALTY_ACCEPT, PB_PENALTY_DECLINE } pb_policy_penalty;
typedef enum { PB_RETURN_BEST = 0, PB_RETURN_ALWAYS, PB_RETURN_TOUCHBACK } pb_policy_return;

typedef struct {
    int challenge;   /* pb_policy_choice */
    int timeout;     /* pb_policy_choice (cards 21-24) */
    int penalty;     /* pb_policy_penalty */
    int ret;         /* pb_policy_return */
    /* The game solver only (solve --in-play value): challenges, penalties and the card timeouts
     * and changes of 21-24 are chosen by the solver's values, not by the three policies above
     * (pb_policies_format adds ",in-play=value"; --policy does not take it). */
    int in_play_by_value;
} pb_policies;

/* Parse "challenge=never,timeout=always,penalty=accept,return=touchback" over `p`
 * (unnamed entries keep their value). -1 and a message on error. */
int pb_policies_parse(pb_policies *p, const char *text, char *err, size_t errlen);
void pb_policies_format(const pb_policies *p, char *buf, size_t len);

/* Exact expectations the "best" policies need (cards 21-24, touchback or return). Supplied
 * by a driver that can enumerate (enumerate/evaluator.c); NULL makes "best" fall back to the
 * no-timeout / return choice and marks nothing. Values are pb_play_value() in yards. */
typedef struct pb_evaluator pb_evaluator;
struct pb_evaluator {
    /* E[pb_play_value] of the play with a forced timeout choice (c->timeout_force != POLICY). */
    int (*expect_play)(const pb_evaluator *ev, const pb_ruleset *rs, const pb_policies *pol,
                       const pb_situation *s, const pb_call *c, mpq_t out);
    /* E[receiving team's starting togo after a return from landing_togo] (touchdown = 0). */
    int (*expect_return)(const pb_evaluator *ev, const pb_ruleset *rs, int landing_togo, mpq_t out);
    void *self;
};

/* Everything but the situation, the cards and the dice. */
typedef struct {
    const pb_ruleset *rules;
    pb_policies policies;
    const pb_evaluator *eval;   /* may be NULL */
    struct pb_trace *trace;     /* may be NULL: the ruling step by step */
} pb_play_env;

/* One play: run or pass, with the play card. */
pb_result pb_play_resolve(const pb_play_env *env, const pb_situation *s, const pb_call *c, pb_oracle *o);

/* The value of a play outcome for the offense in yards, used by every "best" policy:
 *   touchdown: togo; gain, sack, penalty: yards; incomplete: 0;
 *   safety: -(100 - togo) - 1; turnover t: t - 200; turnover_td: -200; cut: 0. */
int pb_play_value(const pb_result *r, int togo);

/* Special teams. Results are from the receiving (kicks, punts) or kicking (PAT, field goal,
 * onside recovery) team's view as pb_outcome_kind says. */
pb_result pb_kickoff(const pb_play_env *env, int from_own, pb_oracle *o);  /* from_own: 30, or 20 after a safety */
pb_result pb_onside(const pb_play_env *env, int from_own, pb_oracle *o);
pb_result pb_punt(const pb_play_env *env, int togo, pb_oracle *o);
pb_result pb_return(const pb_play_env *env, int landing_togo, pb_oracle *o); /* the return alone */
pb_result pb_field_goal(const pb_play_env *env, int togo, pb_oracle *o);   /* togo <= fg_max_togo */
pb_result pb_pat_kick(const pb_play_env *env, pb_oracle *o);
/* Two-point try: one play from rules->two_point_togo, no play card; touchdown = good. */
pb_result pb_two_point(const pb_play_env *env, pb_offense off, int defense, pb_oracle *o);

/* Where a kick stops: the receiving team's togo (1..100, 100 = its goal line), for a regular
 * kickoff or free kick from the own `from_own` with `roll`, or a punt from `togo`. Learnt by
 * running special.c's pb_kickoff / pb_punt with a probe evaluator, not restated
 * (core/kick_landing.c); -1 for a kick that asks no touchback-or-return choice. */
int pb_kickoff_landing(const pb_ruleset *rs, int from_own, pb_dice roll);
int pb_punt_landing(const pb_ruleset *rs, int togo);

/* Half the distance (3.8): half of `distance`, odd rounded up, 0 when distance <= 1. */
int pb_half_distance(int distance);
/* The yards a penalty of `yards` moves the ball when the penalized team is `distance`
 * from its own goal line (min(yards, half distance) when the ruleset says so). */
int pb_penalty_yards(const pb_ruleset *rs, int yards, int distance);

/* The result as canonical JSON: {"result":"gain","yards":7}. */
int pb_result_json(const pb_result *r, char *buf, size_t len);
/* The result as canonical text: "gain 7", "incomplete", "turnover 80". */
int pb_result_text(const pb_result *r, char *buf, size_t len);

#endif
