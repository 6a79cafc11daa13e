/* enumerate/cursor.c: the re-execution cursor, the oracle of the exact enumerator and of the
 * reference walker.
 *
 * A play is run from its start once per path. Every oracle call is a choice point: the
 * cursor replays the recorded branch, or opens a new point at its first branch. After the
 * play, pb_cursor_next advances the deepest point that has a branch left (dropping the ones
 * below it). Branches, with their weights:
 *   roll2   the 21 unordered rolls a <= b, weight 1 (doubles) or 2, out of 36;
 *   roll1   the 6 faces, weight 1 out of 6;
 *   chain   fast mode: every value of min(T, cap) (and the cut) from the chain program, its
 *           numerator out of 6^exp6 (a certain value is no branch and no weight);
 *           walk mode: the re-rolls one by one as roll2 choices (pb_chain_roll_literally);
 *   decide  no branch: the policy's choice passed in; in split mode (compile.c) a branch per
 *           alternative, of weight 1, recorded in dec[] with the weight before it.
 * Invariant: ch[0..nrec) are the recorded choices; the current run has used ch[0..pos). */
#include <stdio.h>
#include <string.h>

#include "enum_internal.h"

/* A branch of a 2d6 roll: a representative roll and its weight out of 36. */
typedef struct {
    pb_dice d;
    unsigned w;
} roll_class;

/* Every unordered roll. */
static const roll_class rolls21[21] = {
    {{1, 1}, 1}, {{1, 2}, 2}, {{1, 3}, 2}, {{1, 4}, 2}, {{1, 5}, 2}, {{1, 6}, 2}, {{2, 2}, 1},
    {{2, 3}, 2}, {{2, 4}, 2}, {{2, 5}, 2}, {{2, 6}, 2}, {{3, 3}, 1}, {{3, 4}, 2}, {{3, 5}, 2},
    {{3, 6}, 2}, {{4, 4}, 1}, {{4, 5}, 2}, {{4, 6}, 2}, {{5, 5}, 1}, {{5, 6}, 2}, {{6, 6}, 1}};
/* Fast mode lumps rolls whose use by the rules code cannot tell them apart (the walker rolls
 * all 21, and the tests check fast == walker):
 *   challenge (play.c, 3.7): only the parity of the sum is used: even 18/36, odd 18/36;
 *   return (special.c, 3.4): only the sum and doubles are used: the 6 doubles and the 9 sums
 *     of non-doubles;
 *   kickoff, PAT (special.c, 3.1, 3.5): only the sum is used: the 11 sums. */
static const roll_class parity2[2] = {{{1, 1}, 18}, {{1, 2}, 18}};
static const roll_class sum_doubles15[15] = {
    {{1, 1}, 1}, {{2, 2}, 1}, {{3, 3}, 1}, {{4, 4}, 1}, {{5, 5}, 1}, {{6, 6}, 1}, {{1, 2}, 2}, {{1, 3}, 2},
    {{1, 4}, 4}, {{1, 5}, 4}, {{1, 6}, 6}, {{2, 6}, 4}, {{3, 6}, 4}, {{4, 6}, 2}, {{5, 6}, 2}};
static const roll_class sums11[11] = {
    {{1, 1}, 1}, {{1, 2}, 2}, {{1, 3}, 3}, {{1, 4}, 4}, {{1, 5}, 5}, {{1, 6}, 6},
    {{2, 6}, 5}, {{3, 6}, 4}, {{4, 6}, 3}, {{5, 6}, 2}, {{6, 6}, 1}};

static void fail(pb_cursor *c, const char *msg)
{
    if (!c->err[0])
        snprintf(c->err, sizeof c->err, "%s", msg);
}

/* The branch taken at the next choice point of n branches. */
static int choose(pb_cursor *c, int n)
{
    if (c->pos >= PB_CURSOR_MAX) {
        fail(c, "a play made more oracle calls than the cursor holds");
        return 0;
    }
    if (c->pos < c->nrec) {
        if (c->ch[c->pos].n != n)
            fail(c, "a replayed play asked a different question (nondeterministic rules code)");
        return c->ch[c->pos++].idx;
    }
    c->ch[c->pos].idx = 0;
    c->ch[c->pos].n = (unsigned short)n;
    c->nrec = ++c->pos;
    return 0;
}

static pb_dice cursor_roll2(pb_oracle *o, pb_roll_purpose why)
{
    pb_cursor *c = (pb_cursor *)o;
    const roll_class *cls = rolls21;
    int n = 21;
    if (c->mode != PB_CURSOR_WALK) {
        if (why == PB_ROLL_RETURN && c->mode == PB_CURSOR_FAST_SUMMARY) {
            static const pb_dice any = {1, 2};  /* a certain roll: no branch, no weight */
            return any;
        }
        if (why == PB_ROLL_CHALLENGE)
            cls = parity2, n = 2;
        else if (why == PB_ROLL_RETURN)
            cls = sum_doubles15, n = 15;
        else if (why == PB_ROLL_KICKOFF || why == PB_ROLL_PAT)
            cls = sums11, n = 11;
    }
    const roll_class *r = &cls[choose(c, n)];
    c->small *= r->w;
    c->exp6 += 2;
    return r->d;
}

static int cursor_roll1(pb_oracle *o, pb_roll_purpose why)
{
    (void)why;
    pb_cursor *c = (pb_cursor *)o;
    int face = choose(c, 6) + 1;
    c->exp6 += 1;
    return face;
}

static const pb_chain_dp *find_dp(pb_cursor *c, const pb_chain_spec *spec, int cap)
{
    for (int i = 0; i < 4; i++)
        if (c->dp_recent[i] && pb_chain_dp_serves(c->dp_recent[i], spec, c->depth, cap))
            return c->dp_recent[i];
    char err[256];
    const pb_chain_dp *dp = pb_chain_dp_get(spec, c->depth, cap, err, sizeof err);
    if (!dp) {
        fail(c, err);
        return NULL;
    }
    c->dp_recent[c->dp_next] = dp;
    c->dp_next = (c->dp_next + 1) % 4;
    return dp;
}

static int cursor_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    pb_cursor *c = (pb_cursor *)o;
    if (c->mode == PB_CURSOR_WALK) {
        if (c->depth <= 0) {
            fail(c, "the reference walker needs a depth");
            return cap;
        }
        return pb_chain_roll_literally(o, spec, cap, c->depth);
    }
    const pb_chain_dp *dp = find_dp(c, spec, cap);
    if (!dp) {
        c->needs_depth = c->depth <= 0 && pb_chain_min_step(spec) <= 0;
        return cap;
    }
    int n = pb_chain_dp_options(dp, cap);
    mpz_srcptr num;
    if (n == 1)  /* a certain value: no branch, probability 1 */
        return pb_chain_dp_option(dp, cap, 0, &num);
    int v = pb_chain_dp_option(dp, cap, choose(c, n), &num);
    if (c->nbig >= PB_PATH_BIGS) {
        fail(c, "a play rolled more doubles chains than a path holds");
        return v;
    }
    c->big[c->nbig++] = num;
    c->exp6 += pb_chain_dp_exp6(dp);
    return v;
}

/* A whole return as one draw (return_dp.c), in the fast mode at depth 0; otherwise (the walker,
 * the summary mode's certain roll, a depth limit) special.c rolls it literally. */
static int cursor_return(pb_oracle *o, int multiplier, int doubles_multiplier, int from)
{
    pb_cursor *c = (pb_cursor *)o;
    if (c->mode != PB_CURSOR_FAST || c->depth != 0)
        return PB_RETURN_LITERAL;
    const pb_return_dp *dp = NULL;
    for (int i = 0; i < 4 && !dp; i++)
        if (c->ret_recent[i] && pb_return_dp_serves(c->ret_recent[i], multiplier, doubles_multiplier, from))
            dp = c->ret_recent[i];
    if (!dp) {
        dp = pb_return_dp_get(multiplier, doubles_multiplier, from);
        if (!dp)
            return PB_RETURN_LITERAL;
        c->ret_recent[c->ret_next] = dp;
        c->ret_next = (c->ret_next + 1) % 4;
    }
    int n = pb_return_dp_options(dp);
    mpz_srcptr num;
    int v = pb_return_dp_option(dp, n == 1 ? 0 : choose(c, n), &num);
    if (c->nbig >= PB_PATH_BIGS) {
        fail(c, "a play rolled more doubles chains than a path holds");
        return v;
    }
    c->big[c->nbig++] = num;
    c->exp6 += pb_return_dp_exp6(dp);
    return v;
}

int pb_cursor_alternatives(pb_decision what)
{
    switch (what) {
    case PB_DECIDE_CHANGE_OFFENSE:
        return PB_OFFENSE_COUNT;
    case PB_DECIDE_CHANGE_DEFENSE:
        return PB_DEFENSE_COUNT;
    case PB_DECIDE_RETURN:
    case PB_DECIDE_COUNT:
        return 0;
    default:
        return 2;
    }
}

static int cursor_decide(pb_oracle *o, pb_decision what, int choice)
{
    pb_cursor *c = (pb_cursor *)o;
    int n = c->split ? pb_cursor_alternatives(what) : 0;
    if (n == 0)
        return choice;
    if (c->ndec >= PB_PATH_DECISIONS) {
        fail(c, "a play made more decisions than a path holds");
        return choice;
    }
    int p = c->pos, fresh = p >= c->nrec;
    int idx = choose(c, n);
    if (fresh && p < PB_CURSOR_MAX)
        c->serial[p] = ++c->nserial;
    c->dec[c->ndec].what = what;
    c->dec[c->ndec].idx = idx;
    c->dec[c->ndec].choice = what == PB_DECIDE_CHANGE_DEFENSE ? choice - 1 : choice;
    c->dec[c->ndec].serial = p < PB_CURSOR_MAX ? c->serial[p] : 0;
    c->dec[c->ndec].small = c->small;
    c->dec[c->ndec].exp6 = c->exp6;
    c->dec[c->ndec].nbig = c->nbig;
    c->ndec++;
    return what == PB_DECIDE_CHANGE_DEFENSE ? idx + 1 : idx;
}

static const pb_oracle_ops cursor_ops = {cursor_roll2, cursor_roll1, cursor_chain, cursor_decide, cursor_return};

static void path_reset(pb_cursor *c)
{
    c->pos = 0;
    c->small = 1;
    c->exp6 = 0;
    c->nbig = 0;
    c->ndec = 0;
}

void pb_cursor_init(pb_cursor *c, pb_cursor_mode mode, int depth)
{
    memset(c, 0, sizeof *c);
    c->base.ops = &cursor_ops;
    c->mode = mode;
    c->depth = depth;
    path_reset(c);
}

bool pb_cursor_next(pb_cursor *c)
{
    c->nrec = c->pos;  /* a path uses every recorded point (the rules are deterministic) */
    while (c->nrec > 0 && c->ch[c->nrec - 1].idx + 1 >= c->ch[c->nrec - 1].n)
        c->nrec--;
    if (c->nrec == 0 || c->err[0])
        return false;
    c->ch[c->nrec - 1].idx++;
    path_reset(c);
    return true;
}
