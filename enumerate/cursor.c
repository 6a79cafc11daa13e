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
 *   decide  no branch: the policy's choice passed in.
 * Invariant: ch[0..nrec) are the recorded choices; the current run has used ch[0..pos). */
#include <stdio.h>
#include <string.h>

#include "enum_internal.h"

static const pb_dice rolls21[21] = {
    {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6},
    {3, 3}, {3, 4}, {3, 5}, {3, 6}, {4, 4}, {4, 5}, {4, 6}, {5, 5}, {5, 6}, {6, 6}};

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
    (void)why;
    pb_cursor *c = (pb_cursor *)o;
    pb_dice d = rolls21[choose(c, 21)];
    if (d.a != d.b)
        c->small *= 2;
    c->exp6 += 2;
    return d;
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
    if (c->depth <= 0 && pb_chain_min_step(spec) <= 0)
        c->needs_depth = true;
    const pb_chain_dp *dp = find_dp(c, spec, cap);
    if (!dp)
        return cap;
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

static int cursor_decide(pb_oracle *o, pb_decision what, int choice)
{
    (void)o;
    (void)what;
    return choice;
}

static const pb_oracle_ops cursor_ops = {cursor_roll2, cursor_roll1, cursor_chain, cursor_decide};

static void path_reset(pb_cursor *c)
{
    c->pos = 0;
    c->small = 1;
    c->exp6 = 0;
    c->nbig = 0;
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
