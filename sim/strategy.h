/* sim/strategy.h: game strategies as data: what a coach calls in each situation.
 *
 * A strategy file (doc/sim.md, "Strategies") has sections of rules. Each rule is
 *     WHEN = MIX
 * WHEN is `default` or a comma-separated list of conditions `FIELD RANGE` (down 4, togo 1-40,
 * lead <0, quarter 4.., lead -8..-1 ...); MIX is a comma-separated list of `CHOICE WEIGHT`
 * (run 5, short 3, long 2).
 * Rules are tried in file order; the first rule that matches and has a usable choice decides,
 * drawing a choice with probability weight / (sum of the usable weights); `default` is tried
 * last. Sections and their choices:
 *   [offense]      run short long punt fg        (fg is usable only within field goal range)
 *   [defense]      d1 d2 d3 d4 d5
 *   [kickoff]      regular onside                 (also the free kick after a safety)
 *   [try]          kick run short long            (after a touchdown: PAT kick, or a two-point
 *                                                  try with that offense card)
 *   [end_of_half]  timeout none                   (at the last play of a half: take a timeout to
 *                                                  add a set-aside card) and the keys
 *                  offense_cards, defense_cards   (the order in which a team picks that card)
 *                  final_field_goal = yes|no      (kick after the half's last card when in range)
 *   [return]       return touchback               (the receiving team of a kickoff, free kick or
 *                                                  punt; togo = where the ball stops, 1..100.
 *                                                  Optional: without rules, or when none matches,
 *                                                  the `return` policy decides, as before)
 * A pb_strategy is immutable after loading; any number of games and threads may share it. */
#ifndef PB_STRATEGY_H
#define PB_STRATEGY_H

#include <stdbool.h>
#include <stddef.h>

#include "rng.h"
#include "ruleset.h"

/* Sections. */
typedef enum {
    PB_STRAT_OFFENSE,
    PB_STRAT_DEFENSE,
    PB_STRAT_KICKOFF,
    PB_STRAT_TRY,
    PB_STRAT_END_OF_HALF,
    PB_STRAT_RETURN,      /* no built-in default: count 0 means "no [return] section" */
    PB_STRAT_SECTION_COUNT
} pb_strat_section;

/* Choices, by section (the value pb_strategy_choose returns). */
enum { PB_CALL_RUN, PB_CALL_SHORT, PB_CALL_LONG, PB_CALL_PUNT, PB_CALL_FG };  /* offense: run..long = pb_offense */
enum { PB_KICK_REGULAR, PB_KICK_ONSIDE };
enum { PB_TRY_KICK, PB_TRY_RUN, PB_TRY_SHORT, PB_TRY_LONG };                 /* two-point: pb_offense + 1 */
enum { PB_EOH_TIMEOUT, PB_EOH_NONE };
enum { PB_RET_RETURN, PB_RET_TOUCHBACK };
/* [defense]: choice i is Defense i + 1. */

#define PB_STRAT_CHOICES_MAX 5

/* Condition fields. */
typedef enum {
    PB_FIELD_DOWN,     /* 1..4 (the team with the ball, for either side) */
    PB_FIELD_YTG,      /* yards to gain (the team with the ball) */
    PB_FIELD_TOGO,     /* the ball's yards to the goal line the offense attacks (either side);
                          [return]: where the kick stops, the receiver's togo 1..100 */
    PB_FIELD_LEAD,     /* the deciding team's score minus the other's */
    PB_FIELD_LEFT,     /* play cards left in the half, this play's included (0 after the last) */
    PB_FIELD_QUARTER,  /* 1..4; 5 in overtime */
    PB_FIELD_SIDE,     /* [end_of_half]: 0 offense, 1 defense (written `side offense`) */
    PB_FIELD_COUNT
} pb_strat_field;

/* What a team sees when it decides. Fields that do not apply are ignored by the section. */
typedef struct {
    int v[PB_FIELD_COUNT];
} pb_strat_view;

typedef struct {
    int lo[PB_FIELD_COUNT], hi[PB_FIELD_COUNT];   /* inclusive; INT_MIN/INT_MAX when not given */
    unsigned fields;                              /* bit f: field f is constrained */
    unsigned weight[PB_STRAT_CHOICES_MAX];
    int line;                                     /* where it was written (0: built in) */
    /* derived at load, per variant (0: every choice usable; 1: without fg): the cumulative
     * weights cum[v][i] = weight[0] + ... + weight[i] and their total */
    unsigned mask;                                /* choices with a nonzero weight */
    unsigned cum[2][PB_STRAT_CHOICES_MAX];
} pb_strat_rule;

/* A section compiled for constant-time lookup: each field's value maps to a class (the rules'
 * boundaries cut the line into intervals), the classes index a cell, and the cell holds the
 * deciding rule for each variant. Built at load when the cell count is reasonable. */
typedef struct {
    int field;          /* pb_strat_field */
    int lo, hi;         /* values are clamped to lo..hi (lo = first boundary - 1, hi = last) */
    int *offset;        /* class * stride of value lo + i */
} pb_strat_axis;

typedef struct {
    bool built;
    int naxes;
    pb_strat_axis axis[PB_FIELD_COUNT];  /* the fields some rule constrains */
    unsigned short *rule[2];             /* [variant][cell]: rule index, or NO_RULE */
} pb_strat_table;

typedef struct {
    pb_strat_rule *rules;    /* in file order, `default` last */
    int count;
    pb_strat_table table;
} pb_strat_rules;

typedef struct pb_strategy {
    char name[PB_NAME_MAX];
    char source[256];        /* "coach (embedded)" or the file path */
    pb_strat_rules section[PB_STRAT_SECTION_COUNT];
    int offense_cards[PB_CARD_COUNT];  /* preference order for the end-of-half card, best first */
    int defense_cards[PB_CARD_COUNT];
    bool final_field_goal;
} pb_strategy;

/* Names of the embedded strategies, NULL-terminated ("coach", "uniform", "always-run"). */
extern const char *const pb_strategy_builtin_names[];
#define PB_STRATEGY_DEFAULT "coach"
/* The text of an embedded strategy, or NULL. */
const char *pb_strategy_builtin_text(const char *name);

/* Load from a builtin name or a file path; parse text labelled `label` in messages.
 * On error -1 and "FILE:LINE:COL: message" in err; *out is left released. */
int pb_strategy_load(pb_strategy *out, const char *name_or_path, char *err, size_t errlen);
int pb_strategy_parse(pb_strategy *out, const char *text, const char *label, char *err, size_t errlen);
void pb_strategy_release(pb_strategy *st);

/* Usable masks with a compiled table (any other mask is served by a scan of the rules). */
#define PB_STRAT_ALL (~0u)
#define PB_STRAT_NO_FG (~(1u << PB_CALL_FG))

/* Choose in a section for the situation `view`. `usable` masks the choices allowed now
 * (bit i: choice i), e.g. the offense without fg outside field goal range. Returns the choice,
 * drawn with r when the rule mixes (one pb_rng_below draw over the rule's usable total), or
 * -1 when no rule (default included) has a usable choice. */
int pb_strategy_choose(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *view, unsigned usable,
                       pb_rng *r);

/* The rule that decides (for tests and logs), or NULL. */
const pb_strat_rule *pb_strategy_rule(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *view,
                                      unsigned usable);

const char *pb_strat_section_name(pb_strat_section sec);
/* Name of choice i of a section ("run", "d3", "onside", "kick", "timeout"), or NULL. */
const char *pb_strat_choice_name(pb_strat_section sec, int choice);

#endif
