/* core/oracle.h: the dice oracle, the only source of dice and decisions for rules code.
 *
 * Rules code (play.c, special.c) never calls a random-number generator. It asks an oracle:
 *   roll2   a 2d6 roll (returned with a <= b: no rule depends on the order of the dice);
 *   roll1   a 1d6 roll;
 *   chain   the doubles chain after a doubles roll, as one draw: the summed distance of the
 *           re-rolls, each re-roll adding chain_step(spec, a, b), going on while re-rolls are
 *           doubles. The oracle returns min(total, cap) (the play code sets cap where the
 *           result can no longer change: the goal line) or PB_CHAIN_CUT when the oracle cut
 *           the chain at its depth limit (K re-rolls made, the last doubles, total < cap);
 *   decide  a decision point: the play code passes the policy's choice, the oracle returns
 *           the choice taken (every oracle here returns the policy's choice; a driver may log).
 * Drivers: the simulator (random dice), the exhaustive enumerator (every branch with its
 * weight, by re-execution), the reference walker (every single roll, to depth K), and the
 * script oracle (dice given by a user or a test).
 *
 * An oracle that cannot answer (a script out of dice) sets its own error and returns a
 * harmless value; its driver checks the error after the play. */
#ifndef PB_ORACLE_H
#define PB_ORACLE_H

#include <limits.h>
#include <stdbool.h>

typedef struct { int a, b; } pb_dice; /* 1 <= a <= b <= 6 */

static inline bool pb_dice_doubles(pb_dice d) { return d.a == d.b; }
static inline int pb_dice_sum(pb_dice d) { return d.a + d.b; }
/* Does a die show a face of `faces` (bit f = face f)? */
static inline bool pb_dice_shows(pb_dice d, unsigned faces)
{
    return ((faces >> d.a) & 1u) || ((faces >> d.b) & 1u);
}

/* What a roll is for (for logs and scripted dice messages). */
typedef enum {
    PB_ROLL_PLAY,        /* the first roll of a play */
    PB_ROLL_CHAIN,       /* a re-roll of a doubles chain (only oracles that roll die by die) */
    PB_ROLL_CHALLENGE,
    PB_ROLL_RETURN,      /* the first roll of a return */
    PB_ROLL_KICKOFF,
    PB_ROLL_ONSIDE,
    PB_ROLL_FIELD_GOAL,
    PB_ROLL_PAT,
    PB_ROLL_PURPOSE_COUNT
} pb_roll_purpose;

const char *pb_roll_purpose_name(pb_roll_purpose why);

/* One re-roll of a doubles chain adds
 *   floor(((a+b) * (doubles ? doubles_multiplier : multiplier) + add) / divisor).
 * All fields are small integers; divisor >= 1. */
typedef struct {
    int multiplier;
    int doubles_multiplier;
    int add;
    int divisor;
} pb_chain_spec;

int pb_chain_step(const pb_chain_spec *spec, int a, int b);
/* x / d rounded down (d > 0); C's `/` rounds toward zero. */
static inline int pb_div_floor(int x, int d) { return x / d - (x % d != 0 && x < 0); }
/* The smallest step any re-roll can add (a chain can run forever when this is <= 0). */
int pb_chain_min_step(const pb_chain_spec *spec);

#define PB_CHAIN_CUT INT_MIN

/* Named decision points (doc/model.md section 6). */
typedef enum {
    PB_DECIDE_TIMEOUT_OFFENSE,   /* cards 21, 23: 1 = take the timeout */
    PB_DECIDE_TIMEOUT_DEFENSE,   /* cards 22, 24 */
    PB_DECIDE_CHANGE_OFFENSE,    /* card 23: the new offense card (pb_offense) */
    PB_DECIDE_CHANGE_DEFENSE,    /* card 24: the new defense card (1..5) */
    PB_DECIDE_CHALLENGE_OFFENSE, /* cards 01, 03, 06: 1 = challenge */
    PB_DECIDE_CHALLENGE_DEFENSE, /* card 05 */
    PB_DECIDE_PENALTY_OFFENSE,   /* the offense, fouled: 1 = accept */
    PB_DECIDE_PENALTY_DEFENSE,   /* the defense, fouled: 1 = accept */
    PB_DECIDE_RETURN,            /* receiving team: 1 = return, 0 = touchback */
    PB_DECIDE_COUNT
} pb_decision;

const char *pb_decision_name(pb_decision what);
/* Is the decision the offense's? (the timeouts, changes, challenges and penalties of the
 * offense; the others are the defense's, and the return the receiving team's) */
bool pb_decision_by_offense(pb_decision what);

/* A whole return (3.4) as one draw: the distance of a return from `from` yards out, capped at
 * `from`: a first roll, sum x multiplier (doubles: x doubles_multiplier, then the doubles chain
 * of the same spec). An oracle may answer it at once (the enumerator: one branch per distance,
 * from a cached exact distribution) or say PB_RETURN_LITERAL: roll it die by die. */
#define PB_RETURN_LITERAL (INT_MIN + 1)

typedef struct pb_oracle pb_oracle;
typedef struct {
    pb_dice (*roll2)(pb_oracle *o, pb_roll_purpose why);
    int (*roll1)(pb_oracle *o, pb_roll_purpose why);
    int (*chain)(pb_oracle *o, const pb_chain_spec *spec, int cap);
    int (*decide)(pb_oracle *o, pb_decision what, int choice);
    /* optional (NULL: literal): a return's distance as one draw, or PB_RETURN_LITERAL */
    int (*ret)(pb_oracle *o, int multiplier, int doubles_multiplier, int from);
} pb_oracle_ops;

struct pb_oracle {
    const pb_oracle_ops *ops;
};

/* The answers an oracle gave during one play, in the order asked. A driver that decides inside a
 * play records them (the game's in-play deciders, sim/game.h), so that the rest of the play can
 * be enumerated from the decision (enumerate.h, pb_enumerate_compiled_after): a chain is one
 * answer, its total; a return answered at once is one answer, its distance; a return rolled
 * literally is its rolls. */
typedef enum { PB_ANSWER_ROLL2, PB_ANSWER_ROLL1, PB_ANSWER_CHAIN, PB_ANSWER_RETURN, PB_ANSWER_DECIDE } pb_answer_kind;
typedef struct {
    unsigned char kind;   /* pb_answer_kind */
    unsigned char what;   /* ROLL2, ROLL1: the pb_roll_purpose; DECIDE: the pb_decision */
    int value;            /* ROLL2: a * 8 + b; ROLL1: the face; CHAIN, RETURN: the distance; DECIDE: the choice */
} pb_oracle_answer;

#define PB_ORACLE_LOG_MAX 160
typedef struct {
    int n;
    bool overflow;        /* more answers than the log holds: the play cannot be replayed */
    pb_oracle_answer a[PB_ORACLE_LOG_MAX];
} pb_oracle_log;

static inline void pb_oracle_log_add(pb_oracle_log *l, pb_answer_kind kind, int what, int value)
{
    if (l->n >= PB_ORACLE_LOG_MAX) {
        l->overflow = true;
        return;
    }
    l->a[l->n].kind = (unsigned char)kind;
    l->a[l->n].what = (unsigned char)what;
    l->a[l->n].value = value;
    l->n++;
}

static inline pb_dice pb_oracle_roll2(pb_oracle *o, pb_roll_purpose why) { return o->ops->roll2(o, why); }
static inline int pb_oracle_roll1(pb_oracle *o, pb_roll_purpose why) { return o->ops->roll1(o, why); }
static inline int pb_oracle_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    return o->ops->chain(o, spec, cap);
}
static inline int pb_oracle_decide(pb_oracle *o, pb_decision what, int choice)
{
    return o->ops->decide ? o->ops->decide(o, what, choice) : choice;
}

/* Roll a chain die by die with roll2 (used by the simulator, the script oracle and the
 * walker): re-roll while doubles, stop at cap; depth_limit > 0 cuts after that many
 * re-rolls (PB_CHAIN_CUT), 0 means no limit. */
int pb_chain_roll_literally(pb_oracle *o, const pb_chain_spec *spec, int cap, int depth_limit);

#endif
