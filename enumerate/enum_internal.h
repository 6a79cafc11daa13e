/* enumerate/enum_internal.h: pieces shared by the enumerator's files, not part of the API.
 *
 *   pow6.c      the powers of 6 as an immutable, lazily grown table (thread-safe);
 *   chain.c     the doubles-chain dynamic program and its cache (pb_chain_dp);
 *   cursor.c    the re-execution cursor: the exhaustive oracle and the reference walker's oracle;
 *   dist.c      pb_dist and the accumulator that adds one path at a time;
 *   enumerate.c drives a query through a cursor; evaluator.c the cached expectations.
 *
 * A path's weight is small * big[0] * ... * big[nbig-1] / 6^exp6: `small` collects the dice
 * weights (1 or 2 per 2d6 roll), `big` points at chain numerators owned by the chain cache. */
#ifndef PB_ENUM_INTERNAL_H
#define PB_ENUM_INTERNAL_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "enumerate.h"

/* ---- pow6.c ---- */
#define PB_POW6_MAX 8191
/* 6^k (k <= PB_POW6_MAX), immutable, valid until exit. */
mpz_srcptr pb_pow6(unsigned k);
void pb_pow6_clear(void);

/* ---- chain.c ---- */
/* The distribution of one doubles chain (spec, depth) for caps 1..cap_max (a monotone chain:
 * every re-roll adds > 0, so P(T = t) for t < cap does not depend on cap) or for the single
 * cap cap_max (a chain whose re-roll can add <= 0 yards; needs depth > 0). Immutable once
 * built; owned by the cache (pb_chain_cache_clear frees every one). */
typedef struct pb_chain_dp pb_chain_dp;

/* The cached program for (spec, depth) serving `cap`; NULL and a message when the chain
 * can run forever and depth is 0, or the cap is too large. Thread-safe. */
const pb_chain_dp *pb_chain_dp_get(const pb_chain_spec *spec, int depth, int cap, char *err, size_t errlen);
/* Does dp serve (spec, depth, cap)? (a quick check for per-enumeration caches) */
bool pb_chain_dp_serves(const pb_chain_dp *dp, const pb_chain_spec *spec, int depth, int cap);
/* Denominator exponent: every option's probability is num / 6^exp6. */
unsigned pb_chain_dp_exp6(const pb_chain_dp *dp);
/* Number of outcomes of min(T, cap) with positive probability (support below cap, then cap,
 * then PB_CHAIN_CUT). */
int pb_chain_dp_options(const pb_chain_dp *dp, int cap);
/* Option i: the value the oracle returns and its numerator. */
int pb_chain_dp_option(const pb_chain_dp *dp, int cap, int i, mpz_srcptr *num);
void pb_chain_cache_clear(void);
/* Tests: a program for exactly one cap, not cached (the way a non-monotone chain is built;
 * a monotone chain needs depth 0 < ... or terminates on its own). pb_chain_dp_free frees it;
 * NULL: out of memory. */
pb_chain_dp *pb_chain_dp_build_single(const pb_chain_spec *spec, int depth, int cap);
void pb_chain_dp_free(pb_chain_dp *dp);

/* ---- return_dp.c ---- */
/* The exact distribution of a whole return from `from` (1..100) yards out, capped at `from`
 * (special.c, pb_return_distance): a cached program, immutable once built; NULL when a chain
 * of the return can run forever (the oracle then rolls the return literally). Thread-safe. */
typedef struct pb_return_dp pb_return_dp;
const pb_return_dp *pb_return_dp_get(int multiplier, int doubles_multiplier, int from);
bool pb_return_dp_serves(const pb_return_dp *dp, int multiplier, int doubles_multiplier, int from);
int pb_return_dp_options(const pb_return_dp *dp);
/* Option i: the distance and its numerator over 6^pb_return_dp_exp6. */
int pb_return_dp_option(const pb_return_dp *dp, int i, mpz_srcptr *num);
unsigned pb_return_dp_exp6(const pb_return_dp *dp);
void pb_return_dp_free(pb_return_dp *dp);
void pb_return_cache_clear(void);

/* ---- cursor.c ---- */
#define PB_CURSOR_MAX 160
#define PB_PATH_BIGS 8
#define PB_PATH_DECISIONS 4

/* FAST: chains by program, equivalent rolls lumped; WALK: every roll literally (the reference);
 * FAST_SUMMARY: FAST, and the return after a turnover in a play is not branched (a certain
 * roll): it changes no summary (turnover counts turnover and turnover_td alike), only the
 * turnover's yards; used at depth 0 only (a return chain could be cut). Its distributions are
 * left unsorted. */
typedef enum { PB_CURSOR_FAST, PB_CURSOR_WALK, PB_CURSOR_FAST_SUMMARY } pb_cursor_mode;

typedef struct {
    pb_oracle base;
    pb_cursor_mode mode;
    int depth;                  /* chains: 0 absorb exactly (fast only), K > 0 cut after K re-rolls */
    struct { unsigned short idx, n; } ch[PB_CURSOR_MAX];
    int nrec, pos;
    /* the current path's weight */
    uint64_t small;
    unsigned exp6;
    mpz_srcptr big[PB_PATH_BIGS];
    int nbig;
    /* recently used chain programs (no lock on a hit) */
    const pb_chain_dp *dp_recent[4];
    int dp_next;
    const pb_return_dp *ret_recent[4];   /* recently used return programs */
    int ret_next;
    char err[256];              /* non-empty after a failure: the enumeration is void */
    bool needs_depth;           /* the failure: a chain that can run forever, and no depth */
    /* split (compile.c): the decisions of a play are choice points too, of weight 1; the
     * current path's decisions, each with the weight of the path before it, and the serial of
     * the decision's instance (the same while the choices before it stay the same) */
    bool split;
    struct {
        int what, idx, choice, nbig;
        unsigned serial, exp6;
        uint64_t small;
    } dec[PB_PATH_DECISIONS];
    int ndec;
    unsigned serial[PB_CURSOR_MAX], nserial;
} pb_cursor;

void pb_cursor_init(pb_cursor *c, pb_cursor_mode mode, int depth);
/* After a path: move to the next one (false when every path has been walked). */
bool pb_cursor_next(pb_cursor *c);
/* The alternatives of a decision point in split mode (0: not split, the policy decides). */
int pb_cursor_alternatives(pb_decision what);

/* ---- dist.c ---- */
typedef struct {
    pb_dist *d;
    int *slot;          /* open addressing: entry index + 1, 0 empty */
    size_t nslot;
    bool failed;        /* out of memory: later adds are dropped */
    mpz_t tmp;
} pb_dist_acc;

void pb_dist_acc_init(pb_dist_acc *a, pb_dist *d);
/* 0, or -1 when the accumulator ran out of memory (the distribution lacks outcomes: the caller
 * releases it and reports "out of memory"). */
int pb_dist_acc_release(pb_dist_acc *a);
/* Add the cursor's current path with this outcome. */
void pb_dist_acc_add(pb_dist_acc *a, pb_outcome_kind kind, int yards, unsigned flags, const pb_cursor *c);
/* Add num / 6^exp6 to (kind, yards, flags). */
void pb_dist_acc_add_mpz(pb_dist_acc *a, pb_outcome_kind kind, int yards, unsigned flags, mpz_srcptr num,
                         unsigned exp6);
/* Sort the entries by (kind, yards, flags); the accumulator is spent afterwards. */
void pb_dist_sort(pb_dist *d);
/* out = num / 6^exp6 in lowest terms (num >= 0). */
void pb_dist_canon(mpq_t out, mpz_srcptr num, unsigned exp6);
/* Raise the common denominator to 6^exp6 (exp6 >= d->exp6). */
void pb_dist_rescale(pb_dist *d, unsigned exp6);

/* ---- enumerate.c ---- */
/* Status of an enumeration: 0 done, -1 a bad query, -2 a chain that needs a depth. */
#define PB_ENUM_NEEDS_DEPTH (-2)
/* Enumerate one action at the situation with this call (a run or pass play may force the
 * timeout choice: the evaluator's entry point), using evaluator `ev` for the "best" policies.
 * 0, or -1 / PB_ENUM_NEEDS_DEPTH and a message. */
int pb_enum_action(pb_dist *out, const pb_play_env *env, pb_action action, const pb_situation *s,
                   const pb_call *call, int depth, pb_cursor_mode mode, const pb_evaluator *ev, char *err,
                   size_t errlen);

/* ---- evaluator.c ---- */
/* An exact evaluator whose fallback depth (for chains that can run forever) is `depth`. */
typedef struct {
    pb_evaluator base;
    int depth;
    struct pb_eval_memo *memo;  /* a private memo in front of the shared cache (one thread), or NULL */
} pb_enum_eval;
/* An evaluator for one thread's enumeration (with a private memo: pb_enum_eval_release). */
void pb_enum_eval_init(pb_enum_eval *e, int depth);
void pb_enum_eval_release(pb_enum_eval *e);
void pb_enum_eval_cache_clear(void);

#endif
