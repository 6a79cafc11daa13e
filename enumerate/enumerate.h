/* enumerate/enumerate.h: exact distributions of one play or special-teams action.
 *
 * The exhaustive oracle (cursor.c) drives the same core/ play code by re-execution; the doubles
 * chain's distribution comes from a dynamic program (chain.c), one per chain spec and depth,
 * serving every cap, cached and shared by threads. Probabilities are integer numerators over
 * one common denominator (a power of 6) per distribution; every distribution sums to exactly 1
 * (pb_dist_check). The reference walker (pb_walk: the cursor in walk mode) computes the same
 * distributions rolling every die literally, to a depth. Every function here is thread-safe
 * (the caches lock); pb_enum_cache_clear only while nothing else runs.
 *
 * Ownership: a pb_dist owns its entries (pb_dist_init / pb_dist_release). */
#ifndef PB_ENUMERATE_H
#define PB_ENUMERATE_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "play.h"

/* One outcome with its facts; distinct (kind, yards, flags) are distinct entries. */
typedef struct {
    pb_outcome_kind kind;
    int yards;
    unsigned flags;          /* PB_FLAG_* (see play.h) */
    mpz_t num;               /* probability = num / dist.den */
} pb_dist_entry;

typedef struct {
    pb_dist_entry *entries;  /* sorted by (kind, yards, flags) */
    size_t count, cap;
    mpz_t den;               /* common denominator, a power of 6 */
    unsigned exp6;           /* den = 6^exp6 */
} pb_dist;

void pb_dist_init(pb_dist *d);
void pb_dist_release(pb_dist *d);
/* Probability of entry i, canonical. */
void pb_dist_p(const pb_dist *d, size_t i, mpq_t out);
/* Merge entries that differ only in flags (for printing outcomes). `out` is initialized here
 * (release it either way). 0, or -1: out of memory (out is empty). */
int pb_dist_collapse(const pb_dist *d, pb_dist *out);
/* 0 when the numerators sum exactly to den. */
int pb_dist_check(const pb_dist *d);
/* out = sum over i of w[i] * in[i], each weight num_i / 6^e_i (the weights must sum to 1 for
 * out to be a distribution; the deck is 24 cards of 9 / 6^3 each). `out` is initialized here
 * (release it either way). 0, or -1: out of memory (out is empty). */
int pb_dist_mix(pb_dist *out, const pb_dist *const *in, const unsigned long *wnum, const unsigned *wexp6, size_t n);
/* Total probability of the entries of kind k (all flags), canonical. */
void pb_dist_kind_p(const pb_dist *d, pb_outcome_kind k, mpq_t out);

/* What is being enumerated. */
typedef enum {
    PB_ACTION_PLAY,       /* offense x defense x card at the situation; card may be PB_CARD_DECK (-1) */
    PB_ACTION_KICKOFF,    /* receiving team's start */
    PB_ACTION_FREE_KICK,  /* the kickoff after a safety, from the own 20 */
    PB_ACTION_ONSIDE,
    PB_ACTION_ONSIDE_FREE,
    PB_ACTION_PUNT,       /* from situation.togo */
    PB_ACTION_RETURN,     /* from situation.togo (the landing spot) */
    PB_ACTION_FIELD_GOAL, /* from situation.togo (must be <= fg_max_togo) */
    PB_ACTION_PAT,
    PB_ACTION_TWO_POINT,  /* offense x defense, no card */
    PB_ACTION_COUNT
} pb_action;

/* Resolve one action with oracle `o`: the play (s, call) or the special-teams action from
 * s->togo (punt, return, field goal) or the ruleset's kick spots; call gives the two-point try's
 * cards. Every driver (enumerator, walker, cross-check) goes through this one dispatch. */
pb_result pb_action_run(const pb_play_env *env, pb_action action, const pb_situation *s, const pb_call *call,
                        pb_oracle *o);

typedef struct {
    pb_action action;
    pb_situation sit;
    pb_offense offense;
    int defense;
    int card;             /* 0 none, 1..24, or -1 (PB_CARD_DECK): each card 1/24 */
    int depth;            /* 0: absorb chains exactly; K > 0: cut every chain after K re-rolls */
} pb_enum_query;

/* The exact distribution of a query (env: ruleset, policies; its trace must be NULL and its
 * evaluator is replaced by the exact one). -1 and a message when the query is impossible
 * (field goal beyond range, a chain that can run forever without --depth ...). */
int pb_enumerate(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen);

/* ---- a play compiled into its chance outcomes and its decision points (compile.c) ----
 *
 * The game solver chooses inside a play by its own values (the card timeouts and card changes of
 * 21-24, challenges, accepting or declining a penalty), so it needs each decision with its
 * alternatives, not the policy's choice. A compiled play is the outcomes reached with no
 * decision (`plain`, a part of a distribution) and the decision nodes: the probability of
 * reaching the node, who chooses, and each alternative's distribution from there (summing to
 * 1). A decision followed at once by another of the same side (take the timeout, then the new
 * card) is one node whose alternatives are the pairs. Nodes that agree in all but their
 * weight are one node. The policies are not asked; `policy` is what they would choose (with
 * no evaluator: cards 21-24 keep their card), for the tests that rebuild pb_enumerate. */
#define PB_NODE_ALTS 8

typedef struct {
    pb_decision what;          /* the first decision */
    int chooser;               /* PB_SIDE_OFFENSE or PB_SIDE_DEFENSE */
    int nalt;
    int label[PB_NODE_ALTS];   /* alternative: idx1 * 8 + (nested ? idx2 + 1 : 0); idx as decided
                                  (timeouts, challenges, penalties: 0 no, 1 yes; changes: the card
                                  index, offense 0..2, defense 0..4) */
    int policy;                /* the alternative the policy would take (index into alt) */
    pb_dist alt[PB_NODE_ALTS];
    mpq_t weight;
} pb_play_node;

typedef struct {
    pb_dist plain;
    pb_play_node *node;
    size_t nnode;
} pb_play_compiled;

/* One card (q->card 1..24 or 0), depth 0, action PB_ACTION_PLAY. 0, or -1 and a message (then
 * `out` holds nothing: do not release it). Release a compiled play once. */
int pb_enumerate_compiled(pb_play_compiled *out, const pb_play_env *env, const pb_enum_query *q, char *err,
                          size_t errlen);
/* The rest of a play from a decision in it: the play of q (as pb_enumerate_compiled) with its
 * first answers taken from `log` (the dice and decisions of the play so far, as a driver that
 * decides in play recorded them, oracle.h), then every branch. The result is one node, the
 * decision `what` asked right after the log, with its alternatives' distributions conditioned on
 * the log (node weight 1, nothing plain); -1 and a message when the play replayed from the log
 * asks another question or comes to no such decision. */
int pb_enumerate_compiled_after(pb_play_compiled *out, const pb_play_env *env, const pb_enum_query *q,
                                const pb_oracle_log *log, pb_decision what, char *err, size_t errlen);
void pb_play_compiled_release(pb_play_compiled *c);
/* The play as the compiled play's `policy` choices give it: plain + the sum over the nodes of
 * weight x alt[policy], exactly. `out` is initialized here (release it either way). 0; -1: out of
 * memory; -2: a node's weight is not n / 6^k (out is empty either way). */
int pb_play_compiled_policy(const pb_play_compiled *c, pb_dist *out);

/* The same by the reference walker: every die literally, chains to `depth` re-rolls (> 0). */
int pb_walk(pb_dist *out, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen);

/* Summaries (issue 3): td, turnover (incl. turnover_td), safety, complete (PB_FLAG_COMPLETE),
 * first_down (PB_FLAG_FIRST_DOWN), mean_yards (mean of yards over gain / incomplete / sack /
 * penalty, conditional on them; 0 when none), and cut. Kicks: td = return touchdown. */
typedef struct {
    mpq_t td, turnover, safety, complete, first_down, mean_yards, cut;
    /* special teams: good = P(field goal or PAT kick good; a two-point try's is td);
     * kept = P(onside kick kept); mean_start = mean start togo of the receiving team over
     * the `start` outcomes, conditional on them (0 when none). */
    mpq_t good, kept, mean_start;
} pb_summary;

void pb_summary_init(pb_summary *s);
void pb_summary_release(pb_summary *s);
void pb_summarize(const pb_dist *d, pb_summary *s);
/* The summaries of a query (s initialized by the caller): the same values as pb_summarize of
 * pb_enumerate, faster: at depth 0 the return after a play's turnover is not branched, since
 * it changes no summary (only the turnover's yards, and turnover counts turnover_td too). */
int pb_enumerate_summary(pb_summary *s, const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen);

/* The exact evaluator for the "best" policies (cards 21-24, touchback or return), with a
 * cache; safe to use from several threads. */
const pb_evaluator *pb_enum_evaluator(void);

/* Depth the public evaluator cuts chains at when a ruleset's chain can run forever (it is
 * exact, depth 0, otherwise). pb_enumerate's own evaluator uses the query's depth instead. */
#define PB_ENUM_EVAL_FALLBACK_DEPTH 8

/* Free every cache (chain programs, evaluator values). Not while another thread enumerates. */
void pb_enum_cache_clear(void);

/* Query checks shared by the commands: 0, or -1 and a message naming the field. */
int pb_enum_query_check(const pb_play_env *env, const pb_enum_query *q, char *err, size_t errlen);
/* Largest --depth accepted (the fast path; the walker takes at most PB_WALK_DEPTH_MAX). */
#define PB_ENUM_DEPTH_MAX 200
#define PB_WALK_DEPTH_MAX 12

#endif
